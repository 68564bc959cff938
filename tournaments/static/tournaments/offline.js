/* Entries and confirmations made without a connection (issue 21 §5). A club room's Wi-Fi comes and goes:
   a form of the table's pages (data-offline="entry" or "confirm") that cannot reach the server is kept on
   the phone (localStorage: its URL, its fields, its idempotency key) and sent by itself when the connection
   is back (the "online" event, a retry timer, every page load), each with its same key, so nothing is lost
   or stored twice. The server stays the judge: an entry it refuses when it arrives is shown with its
   message until the player removes it.

   Entering several hands in a row offline: the table page fetches the next hand's payments form while it
   can; without a connection the "Enter payments only" link shows that form in place, and a payments form
   that was kept becomes the next hand's, its dealer and stake taken from the deals the server listed for
   each way the hands before it may go (data in #offline-plan). A service worker cannot do this: a venue's
   laptop serves plain http, where browsers allow none. Without JavaScript the forms post as before. */
(function () {
  "use strict";

  var QUEUE = "tarokk-offline-queue"; // localStorage: the kept entries, oldest first
  var SENT = "tarokk-offline-sent"; // sessionStorage: what the server said about the entries just sent
  var LOCK = "tarokk-offline-lock"; // localStorage: one tab sends at a time
  var RETRY_MS = 10000;
  var TIMEOUT_MS = 15000;

  var statusBox = function () { return document.querySelector("[data-offline-status]"); };
  var planNode = document.getElementById("offline-plan");
  var plan = planNode ? JSON.parse(planNode.textContent) : null;
  var texts = statusBox() ? Object.assign({}, statusBox().dataset) : {};
  if (!plan || !statusBox()) { return; }

  var fill = function (template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  };
  var actionOf = function (form) { // not form.action: the forms have a button named "action"
    return new URL(form.getAttribute("action") || location.href, location.href).href;
  };
  var sameUrl = function (a, b) {
    return new URL(a, location.href).pathname === new URL(b, location.href).pathname;
  };

  // --- the queue ------------------------------------------------------------------------------------

  var load = function () {
    try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; }
  };
  var save = function (items) {
    if (items.length) { localStorage.setItem(QUEUE, JSON.stringify(items)); } else { localStorage.removeItem(QUEUE); }
  };
  var keep = function (item) {
    var items = load().filter(function (other) { return other.key !== item.key; }); // a double tap: once
    items.push(item);
    save(items);
  };
  var drop = function (key) { save(load().filter(function (item) { return item.key !== key; })); };
  var update = function (key, changes) {
    save(load().map(function (item) { return item.key === key ? Object.assign(item, changes) : item; }));
  };

  var newKey = function () { // crypto.randomUUID needs a secure context; plain http at the venue has none
    var bytes = crypto.getRandomValues(new Uint8Array(18));
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_");
  };

  var fieldsOf = function (form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    if (submitter && submitter.name) { fields.push([submitter.name, submitter.value]); }
    return fields;
  };
  var field = function (item, name) {
    var found = item.fields.filter(function (pair) { return pair[0] === name; })[0];
    return found ? found[1] : "";
  };

  var describe = function (item) {
    if (item.kind === "confirm") { return fill(texts.confirm, { n: item.hand }); }
    var paid = item.fields.filter(function (pair) { return /^pay_/.test(pair[0]) && pair[1] !== ""; })
      .map(function (pair) {
        var n = Number(pair[1]);
        return pair[0].slice(4) + " " + (n > 0 ? "+" + n : n < 0 ? "−" + -n : "0");
      });
    return fill(texts.entry, { n: item.hand }) + (paid.length ? ": " + paid.join(" · ") : "");
  };

  // --- what the page shows ----------------------------------------------------------------------------

  var element = function (tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text) { node.textContent = text; }
    return node;
  };

  var render = function (note) {
    var box = statusBox();
    if (!box) { return; }
    box.textContent = "";
    var items = load();
    var waiting = items.filter(function (item) { return item.state !== "refused"; });
    var refused = items.filter(function (item) { return item.state === "refused"; });
    var sent = justSent;
    if (note) { box.appendChild(element("p", "msg msg-info", note)); }
    if (sent.length) {
      var done = element("div", "msg msg-ok");
      done.appendChild(element("p", "", texts.sent));
      var list = element("ul");
      sent.forEach(function (line) { list.appendChild(element("li", "", line)); });
      done.appendChild(list);
      box.appendChild(done);
    }
    if (waiting.length) {
      var pending = element("div", "msg msg-info offline-pending");
      pending.appendChild(element("p", "offline-count", fill(texts.pending, { n: waiting.length })));
      var kept = element("ul");
      waiting.forEach(function (item) {
        kept.appendChild(element("li", "", describe(item) + (item.problem ? " — " + item.problem : "")));
      });
      pending.appendChild(kept);
      pending.appendChild(element("p", "help", sending ? texts.sending : texts.explain));
      box.appendChild(pending);
    }
    refused.forEach(function (item) {
      var bad = element("div", "msg msg-error offline-refused");
      bad.setAttribute("role", "alert");
      bad.appendChild(element("p", "", describe(item) + " — " + texts.refused));
      (item.messages || []).forEach(function (message) { bad.appendChild(element("p", "", message)); });
      if (item.unusual) { // the server asks to confirm an unusual result: one tap sends it confirmed
        var yes = element("button", "", texts.confirmUnusual);
        yes.type = "button";
        yes.setAttribute("data-offline-confirm-unusual", "");
        yes.addEventListener("click", function () {
          var fields = item.fields.filter(function (pair) { return pair[0] !== "confirm_unusual"; });
          fields.push(["confirm_unusual", "on"]);
          update(item.key, { state: "kept", unusual: false, messages: [], fields: fields });
          render();
          send();
        });
        bad.appendChild(yes);
      }
      var remove = element("button", "secondary", texts.dismiss);
      remove.type = "button";
      remove.addEventListener("click", function () { drop(item.key); render(); });
      bad.appendChild(remove);
      box.appendChild(bad);
    });
    markConfirmations(waiting);
  };

  var markConfirmations = function (waiting) {
    document.querySelectorAll("form[data-offline=confirm]").forEach(function (form) {
      var kept = waiting.some(function (item) {
        return item.kind === "confirm" && sameUrl(item.url, actionOf(form)) &&
          field(item, "submission") === (form.elements.submission || {}).value;
      });
      form.querySelectorAll("button").forEach(function (button) { button.disabled = kept; });
      var mark = form.querySelector(".offline-unsent");
      if (kept && !mark) { form.appendChild(element("p", "help offline-unsent", texts.unsent)); }
      if (!kept && mark) { mark.remove(); }
    });
  };

  // --- a form that cannot reach the server ----------------------------------------------------------

  var offline = function () { return navigator.onLine === false; };

  var post = function (url, fields, key, redirect) {
    var body = new FormData();
    fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    var abort = new AbortController();
    var timer = setTimeout(function () { abort.abort(); }, TIMEOUT_MS);
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin", redirect: redirect, signal: abort.signal,
      headers: { "Idempotency-Key": key, "X-Requested-With": "fetch" }
    }).finally(function () { clearTimeout(timer); });
  };

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-offline]") || event.defaultPrevented) { return; }
    var submitter = event.submitter;
    if (submitter && submitter.name === "action" && submitter.value === "preview") {
      if (offline()) { event.preventDefault(); render(texts.noPreview); }
      return; // the preview stores nothing: the page's own way
    }
    event.preventDefault();
    var idem = form.elements.idem;
    var item = {
      kind: form.dataset.offline, hand: Number(form.dataset.hand), url: actionOf(form), table: plan.table,
      key: idem && idem.value ? idem.value : newKey(), fields: fieldsOf(form, submitter), at: Date.now()
    };
    if (offline()) {
      if (!untouched(form)) { kept(form, item); }
      return;
    }
    if (submitter) { submitter.disabled = true; }
    post(item.url, item.fields, item.key, "manual").then(function (response) {
      if (response.type === "opaqueredirect") { location.assign(plan.table); return; } // as a plain post
      nativeSubmit(form, submitter); // the server answered with a page (errors, a question): show it
    }, function () {
      if (submitter) { submitter.disabled = false; }
      kept(form, item); // no answer: kept, sent again later with the same key
    });
  }, false);

  var nativeSubmit = function (form, submitter) {
    if (submitter && submitter.name) {
      var hidden = element("input");
      hidden.type = "hidden";
      hidden.name = submitter.name;
      hidden.value = submitter.value;
      form.appendChild(hidden);
    }
    HTMLFormElement.prototype.submit.call(form); // no submit event: not kept twice
  };

  var untouched = function (form) { // Save on a fresh payments form (a double tap): nothing to keep
    var pays = Array.prototype.filter.call(form.querySelectorAll("input[data-pay]"), function (i) { return !i.disabled; });
    var kind = form.elements.kind;
    return pays.length > 0 && (!kind || kind.value === "played") && pays.every(function (i) { return i.value === ""; });
  };

  var kept = function (form, item) {
    keep(item);
    if (item.kind === "entry" && form.matches("[data-payments]")) {
      nextHand(form);
    } else {
      render();
    }
    scheduleRetry();
  };

  // --- the next hand without the server --------------------------------------------------------------

  var keptKinds = function () { // hand number -> kind of the entry this phone keeps for it
    var kinds = {};
    load().forEach(function (item) {
      if (item.kind === "entry" && sameUrl(item.table, plan.table) && item.state !== "refused") {
        kinds[item.hand] = field(item, "kind") || "played";
      }
    });
    return kinds;
  };

  var dealAhead = function () { // the first hand from the plan's on that this phone has not entered yet
    var kinds = keptKinds();
    var path = "";
    for (var n = plan.start; kinds[n] !== undefined; n += 1) {
      path += plan.thrownIn.indexOf(kinds[n]) >= 0 ? "t" : "p";
    }
    return plan.deals[path] || null;
  };

  var nextHand = function (form) {
    var deal = dealAhead();
    if (!deal || !plan.urls[deal.n]) {
      form.querySelectorAll("button, input, select").forEach(function (control) { control.disabled = true; });
      render(texts.noNext);
      return;
    }
    showDeal(form, deal);
    render();
  };

  var showDeal = function (form, deal) {
    var from = Number(form.dataset.hand);
    var main = document.querySelector("main") || document.body;
    form.reset();
    if (form.elements.kind) { form.elements.kind.dispatchEvent(new Event("change")); } // boxes shown again
    form.setAttribute("action", plan.urls[deal.n]);
    form.dataset.hand = deal.n;
    if (form.elements.idem) { form.elements.idem.value = newKey(); }
    document.title = fill(plan.title, { n: deal.n });
    var heading = main.querySelector("[data-offline-heading]");
    if (heading) { heading.textContent = fill(plan.heading, { n: deal.n }); }
    var dealer = main.querySelector("[data-offline-dealer]");
    if (dealer) {
      dealer.textContent = plan.dealers[deal.dealer] + (plan.sitsOut ? " " : "");
      if (plan.sitsOut) { dealer.appendChild(element("span", "muted", "(" + plan.sitsOut + ")")); }
    }
    var stake = main.querySelector("[data-offline-stake]");
    if (stake) { stake.textContent = "×" + deal.stake; }
    var note = form.querySelector("[data-out-note]");
    form.querySelectorAll("input[data-pay]").forEach(function (input) {
      var out = !!plan.sitsOut && input.dataset.pay === deal.dealer;
      input.disabled = out;
      input.defaultValue = out ? "0" : ""; // a fresh form: nothing typed in it yet
      input.value = input.defaultValue;
      input.removeAttribute("aria-invalid");
      var label = form.querySelector("label[for='" + input.id + "']");
      if (out && note && label) { label.append(" ", note); }
    });
    // what the page said about the hand before is not about this one
    main.querySelectorAll(".other-entry, .field-error, .entry-messages, .msg-error, .msg-dispute, .has-error, [data-unusual]")
      .forEach(function (node) {
        if (node.classList.contains("has-error")) { node.classList.remove("has-error"); } else if (!statusBox().contains(node)) { node.remove(); }
      });
    main.querySelectorAll("a[href*='/hands/" + from + "/']").forEach(function (link) {
      link.href = link.getAttribute("href").replace("/hands/" + from + "/", "/hands/" + deal.n + "/");
    });
    history.replaceState(history.state, "", plan.urls[deal.n]);
    var first = form.querySelector("input[data-pay]:not([disabled])");
    if (first) {
      first.dispatchEvent(new Event("input", { bubbles: true })); // the zero-sum line follows the reset
      first.focus();
    }
  };

  // --- the table page: the next hand's form, fetched while there is a connection --------------------

  var fetched = null; // {url, html, scripts}
  var tableMain = null;

  var prefetch = function () {
    var link = document.querySelector("a[data-offline-form]");
    if (!link || offline()) { return; }
    fetch(link.href, { credentials: "same-origin" }).then(function (response) {
      return response.ok && !response.redirected ? response.text() : null;
    }).then(function (html) {
      if (!html) { return; }
      var page = new DOMParser().parseFromString(html, "text/html");
      var sources = Array.prototype.map.call(page.querySelectorAll("script[src]"), function (s) { return s.src; })
        .filter(function (src) { return !/offline\.js/.test(src); });
      return Promise.all(sources.map(function (src) {
        return fetch(src).then(function (r) { return r.text(); });
      })).then(function (scripts) { fetched = { url: link.href, html: html, scripts: scripts }; });
    }).catch(function () { /* no connection already: the link says so when tapped */ });
  };

  var showFetched = function () {
    var page = new DOMParser().parseFromString(fetched.html, "text/html");
    var main = document.querySelector("main");
    tableMain = tableMain || { node: main, title: document.title };
    var next = document.importNode(page.querySelector("main"), true);
    next.querySelectorAll("script[src]").forEach(function (script) { script.remove(); }); // this one runs already
    main.replaceWith(next);
    document.title = page.title;
    history.pushState({ offlineForm: true }, "", fetched.url);
    plan = JSON.parse(next.querySelector("#offline-plan").textContent);
    fetched.scripts.forEach(function (code) { new Function(code)(); }); // the form's own behaviour
    var form = next.querySelector("form[data-offline=entry][data-payments]");
    var deal = dealAhead();
    if (form && deal && deal.n !== Number(form.dataset.hand)) { showDeal(form, deal); }
    render();
    window.scrollTo(0, 0);
  };

  var showTable = function () {
    if (!tableMain) { return false; }
    document.querySelector("main").replaceWith(tableMain.node);
    document.title = tableMain.title;
    plan = JSON.parse(document.getElementById("offline-plan").textContent);
    tableMain = null;
    render();
    return true;
  };

  window.addEventListener("popstate", function () { if (tableMain) { showTable(); } });

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || !offline() || link.origin !== location.origin || event.defaultPrevented) { return; }
    if (link.hasAttribute("data-offline-form") && fetched) {
      event.preventDefault();
      showFetched();
    } else if (tableMain && sameUrl(link.href, plan.table)) {
      event.preventDefault();
      history.back();
    } else if (!(link.getAttribute("href") || "").startsWith("#")) {
      event.preventDefault(); // the browser's error page would be all the player sees
      render(texts.noPage);
    }
  });

  // --- sending what was kept ------------------------------------------------------------------------

  var sending = false;
  var retryTimer = null;
  var failures = 0; // attempts in a row that got no answer: the first retries come soon, then every RETRY_MS

  var scheduleRetry = function () {
    clearTimeout(retryTimer);
    if (load().some(function (item) { return item.state !== "refused"; })) {
      // A connection that has just come back often fails the first request: try again within a second or two.
      var delay = failures ? Math.min(RETRY_MS, 500 * Math.pow(2, failures)) : RETRY_MS;
      retryTimer = setTimeout(send, delay);
    }
  };

  var locked = function () {
    var until = Number(localStorage.getItem(LOCK) || 0);
    if (until > Date.now()) { return true; }
    localStorage.setItem(LOCK, String(Date.now() + TIMEOUT_MS * 2));
    return false;
  };

  var errorsIn = function (html) { // the server's words about a refused entry
    var page = new DOMParser().parseFromString(html, "text/html");
    var main = page.querySelector("main") || page.body;
    var found = [];
    main.querySelectorAll("[data-level=error], .msg-error, [role=alert], .field-error").forEach(function (node) {
      var text = node.textContent.replace(/\s+/g, " ").trim();
      if (text && !found.some(function (other) { return other.indexOf(text) >= 0; })) { found.push(text); }
    });
    return found;
  };

  var sayings = function (html) { // success or warning messages of the table page the entry led to
    var page = new DOMParser().parseFromString(html, "text/html");
    return Array.prototype.map.call(page.querySelectorAll("[data-level]"), function (node) {
      return { level: node.dataset.level, text: node.textContent.replace(/\s+/g, " ").trim() };
    });
  };

  var sendOne = function (item) {
    return post(item.url, item.fields, item.key, "follow").then(function (response) {
      return response.text().then(function (html) {
        if (response.status >= 500 || response.status === 429) {
          update(item.key, { problem: fill(texts.retrying, { status: response.status }) });
          return "later";
        }
        if (response.redirected && response.ok) {
          var said = sayings(html);
          var errors = said.filter(function (m) { return m.level === "error"; });
          if (!errors.length) {
            drop(item.key);
            return { sent: said.map(function (m) { return m.text; }).join(" ") || describe(item) };
          }
          update(item.key, { state: "refused", messages: errors.map(function (m) { return m.text; }) });
          return "refused";
        }
        var messages = errorsIn(html);
        // A 400 is the server's answer, never retried: shown until the player acts on it. An unusual
        // result (a typo-sized payment, nobody paying) can be sent again confirmed (data-unusual).
        var unusual = response.status === 400 &&
          !!new DOMParser().parseFromString(html, "text/html").querySelector("[data-unusual]");
        update(item.key, {
          unusual: unusual,
          state: "refused",
          messages: messages.length ? messages : [fill(texts.refusedStatus, { status: response.status })]
        });
        return "refused";
      });
    });
  };

  var send = function () {
    clearTimeout(retryTimer);
    var todo = load().filter(function (item) { return item.state !== "refused"; });
    if (sending || !todo.length || offline() || locked()) { scheduleRetry(); return; }
    sending = true;
    render();
    var sent = [];
    var answered = 0;
    var step = function (index) {
      if (index >= todo.length) { return Promise.resolve(); }
      return sendOne(todo[index]).then(function (outcome) {
        if (outcome && outcome.sent) { sent.push(outcome.sent); }
        if (outcome !== "later") { answered += 1; }
        return step(index + 1);
      });
    };
    step(0).then(function () { failures = 0; }, function () {
      failures += 1; // the connection went again: the rest stays kept
    }).then(function () {
      sending = false;
      localStorage.removeItem(LOCK);
      justSent = justSent.concat(sent);
      var waiting = load().some(function (item) { return item.state !== "refused"; });
      if (answered && !waiting && !typing() && (tableMain || !sameUrl(location.href, plan.table) || sent.length)) {
        sessionStorage.setItem(SENT, JSON.stringify(justSent)); // said once, on the table page
        location.assign(plan.table); // the table as the server has it now
        return;
      }
      render();
      scheduleRetry();
    });
  };

  var typing = function () { // an entry form with something typed or chosen in it: do not take it away
    return Array.prototype.some.call(document.querySelectorAll("form[data-offline=entry]"), function (form) {
      return Array.prototype.some.call(form.elements, function (control) {
        if (control.disabled || control.type === "hidden" || control.type === "submit") { return false; }
        if (control.type === "checkbox" || control.type === "radio") { return control.checked !== control.defaultChecked; }
        if (control.options) {
          return Array.prototype.some.call(control.options, function (o) { return o.selected !== o.defaultSelected; });
        }
        return control.value !== control.defaultValue;
      });
    });
  };

  var justSent = JSON.parse(sessionStorage.getItem(SENT) || "[]");
  sessionStorage.removeItem(SENT);
  window.addEventListener("online", send);
  window.addEventListener("offline", function () { render(); });
  render();
  send();
  prefetch();
})();

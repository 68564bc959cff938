/* Live tables (issue 33): a seat's phone and a table's spectators draw each state the server sends, and a
   seat sends its moves; a finished hand's replay steps through its tricks.

   State: the page starts with the state rendered into #live-state (the API's body: seat, table, view). Then
   a WebSocket (/ws/live/...) pushes every new state; while it cannot connect (a WSGI server, a proxy
   without WebSockets, a venue's flaky Wi-Fi) the page asks the API every 2 seconds and keeps trying the
   WebSocket in the background. A state older than the one shown (its hand and step) is ignored.

   Moves: each move is sent with the step it was chosen at and a fresh Idempotency-Key. A request that gets
   no answer (no connection, a server error) is sent again, the same request with the same key, with a
   growing pause: the server applies it once whatever happens. A 409 means the table moved on meanwhile:
   the page asks for the state and draws it. Every move button is disabled while a move is on its way.

   Texts come translated from the page (#live-config: texts, the game's words, each card's face). */
(function () {
  "use strict";

  // --- replay: prev / next, arrow keys (no state, no server) ----------------------------------------
  var replay = document.getElementById("replay");
  if (replay) {
    var frames = Array.prototype.slice.call(replay.querySelectorAll("[data-frame]"));
    var nav = replay.querySelector("[data-replay-nav]");
    if (!frames.length || !nav) { return; }
    var pos = replay.querySelector("[data-replay-pos]");
    var prev = replay.querySelector("[data-replay-prev]");
    var next = replay.querySelector("[data-replay-next]");
    var at = 0;
    var show = function (i, focus) {
      at = Math.max(0, Math.min(frames.length - 1, i));
      frames.forEach(function (frame, j) { frame.hidden = j !== at; });
      pos.textContent = pos.dataset.template.replace("{n}", at + 1).replace("{total}", frames.length);
      prev.disabled = at === 0;
      next.disabled = at === frames.length - 1;
      if (focus) { frames[at].querySelector("h2").focus(); }
    };
    frames.forEach(function (frame) { frame.querySelector("h2").tabIndex = -1; });
    nav.hidden = false;
    replay.querySelector("[data-replay-keys]").hidden = false;
    prev.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      var tag = (event.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "textarea" || tag === "select") { return; }
      if (event.key === "ArrowLeft") { show(at - 1); event.preventDefault(); }
      if (event.key === "ArrowRight") { show(at + 1); event.preventDefault(); }
    });
    show(0);
    return;
  }

  // --- live: a seat or a spectator ----------------------------------------------------------------
  var root = document.getElementById("live");
  var configNode = document.getElementById("live-config");
  var stateNode = document.getElementById("live-state");
  if (!root || !configNode || !stateNode) { return; }
  var config = JSON.parse(configNode.textContent);
  var state = JSON.parse(stateNode.textContent);
  var T = config.texts;
  var W = config.words;
  var FACES = config.cards;
  var seatMode = config.mode === "seat";
  var lang = document.documentElement.lang || "en";

  var busy = false; // a move (or the bot switch) is on its way
  var picked = []; // the cards chosen for a discard
  var pickedAt = null; // ... at this hand and step
  var errorText = "";
  var notice = "";
  var conn = "connecting";

  // --- small helpers ---------------------------------------------------------------------------------
  var fill = function (template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  };
  var el = function (tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  };
  var byId = function (id) { return document.getElementById(id); };
  var clear = function (node) { while (node && node.firstChild) { node.removeChild(node.firstChild); } return node; };
  var signed = function (n) { n = Number(n) || 0; return n > 0 ? "+" + n : n < 0 ? "−" + -n : "0"; };
  var newKey = function () { // a UUID v4 from getRandomValues (crypto.randomUUID needs https)
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  };

  var seatInfo = function (position) {
    var seats = (state.table && state.table.seats) || [];
    for (var i = 0; i < seats.length; i++) { if (seats[i].position === position) { return seats[i]; } }
    return { position: position, name: "", played_by: "human", connected: true };
  };
  var nameOf = function (position) { // a seat nobody sits at is its bot's
    return seatInfo(position).name || T.bot_name;
  };
  var seatLabel = function (position) {
    var label = position + " · " + nameOf(position);
    return seatMode && position === config.me ? label + " (" + T.you + ")" : label;
  };

  // --- cards -----------------------------------------------------------------------------------------
  var faceOf = function (name) {
    return FACES[name] || { kind: "suit", text: name, sym: "", red: false, honour: false, sub: "", label: name };
  };
  /* One card: a span, or a button when it can be tapped (opts.onTap). The same markup as live/_card.html. */
  var cardNode = function (name, opts) {
    opts = opts || {};
    var face = faceOf(name);
    var node = el(opts.onTap ? "button" : "span", "pc " + (face.kind === "tarokk" ? "pc-t" : "pc-s"));
    if (face.red) { node.classList.add("pc-red"); }
    if (face.honour) { node.classList.add("pc-honour"); }
    if (name === "SKIZ") { node.classList.add("pc-skiz"); }
    if (opts.small) { node.classList.add("pc-small"); }
    if (opts.mini) { node.classList.add("pc-mini"); }
    if (opts.legal) { node.classList.add("pc-legal"); }
    if (opts.dim) { node.classList.add("pc-dim"); }
    node.dataset.card = name;
    node.title = face.label;
    if (face.kind === "tarokk") {
      node.style.setProperty("--w", String(face.w || 1));
      node.appendChild(el("span", "pc-num", face.text));
      if (face.sym) { node.appendChild(el("span", "pc-sym", face.sym)); }
      if (face.sub && !opts.mini) { node.appendChild(el("span", "pc-sub", face.sub)); }
    } else {
      node.appendChild(el("span", "pc-pip", face.sym));
      node.appendChild(el("span", "pc-rank", face.text));
    }
    if (opts.onTap) {
      node.type = "button";
      node.setAttribute("aria-label", opts.label || face.label);
      if (opts.pressed !== undefined) { node.setAttribute("aria-pressed", opts.pressed ? "true" : "false"); }
      node.disabled = !!opts.disabled;
      node.addEventListener("click", opts.onTap);
    } else {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", face.label);
    }
    return node;
  };
  /* Text with {card} put in as a small card. */
  var withCard = function (template, card, className) {
    var node = el("span", className || "");
    var parts = String(template).split("{card}");
    node.appendChild(document.createTextNode(parts[0]));
    if (parts.length > 1) {
      node.appendChild(cardNode(card, { mini: true }));
      node.appendChild(document.createTextNode(parts.slice(1).join(card)));
    }
    return node;
  };

  // --- words -----------------------------------------------------------------------------------------
  var sayNode = function (item) { // an auction step: the say, and what a cue bid or a yield shows
    var node = el("span", "lt-say");
    node.appendChild(el("strong", "", (W.say && W.say[item.say]) || item.say));
    if ((item.meaning === "cue" || item.meaning === "yield") && item.shows && W.meaning && W.meaning[item.meaning]) {
      node.appendChild(document.createTextNode(" — "));
      node.appendChild(withCard(W.meaning[item.meaning], item.shows, "lt-meaning"));
    }
    return node;
  };
  var bonusWord = function (key) { return (W.bonus && W.bonus[key]) || String(key).replace(/_/g, " "); };
  var kontraName = function (level) {
    var names = W.kontra && W.kontra.length ? W.kontra : ["kontra"];
    return names[Math.min(level, names.length) - 1];
  };
  /* An announcement's say in words; `levels` counts the kontras said on each thing so far. */
  var announcementNode = function (say, levels) {
    var parts = String(say).split(" ");
    var A = W.announce;
    if (parts[0] === "call" && parts.length === 2) { return withCard(A.call, parts[1]); }
    var text = say;
    var said = W.said && W.said[say];
    if (said !== undefined && said !== null) { // the other games' codes: one word after the verb
      if (parts[0] === "kontra" || parts[0] === "contra") {
        levels[parts[1]] = (levels[parts[1]] || 0) + 1;
        said = fill(said, { kontra: kontraName(levels[parts[1]]) });
      }
      return el("span", "", said);
    }
    if (parts[0] === "pass") { text = A.pass; }
    else if (parts[0] === "declare") { text = fill(A.declare, { count: parts[1] }); }
    else if (parts[0] === "announce") { text = fill(A.announce, { bonus: bonusWord(parts[1]) }); }
    else if (parts[0] === "kontra") {
      var target = parts.slice(1).join(" ");
      levels[target] = (levels[target] || 0) + 1;
      var kontra = kontraName(levels[target]);
      text = parts[1] === "game" ? fill(A.kontra_game, { kontra: kontra })
        : fill(A.kontra, { kontra: kontra, bonus: bonusWord(parts[2]), team: (W.side && W.side[parts[1]]) || parts[1] });
    }
    return el("span", "", text);
  };

  // --- which state is newer -------------------------------------------------------------------------
  var order = function (s) {
    var v = s && s.view;
    return v ? [Number(v.number) || 0, Number(v.step) || 0] : [0, -1];
  };
  var older = function (a, b) { // is state a older than b?
    var x = order(a), y = order(b);
    return x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
  };
  var shownJson = "";
  var accept = function (next) {
    if (!next || next.type !== "state" || !next.table) { return; }
    if (older(next, state)) { return; }
    var json = JSON.stringify(next);
    if (json === shownJson) { return; } // nothing changed: keep the page (and the focus) as it is
    if (older(state, next) && !busy) { notice = ""; errorText = ""; } // the table moved on: old news
    state = next;
    draw();
  };

  // --- drawing ---------------------------------------------------------------------------------------
  var view = function () { return state.view; };
  var myTurn = function () {
    var v = view();
    return seatMode && v && !state.sitting_out && v.to_move === config.me && v.choices && v.choices.length > 0 &&
      state.table.status === "playing";
  };

  var drawHead = function () {
    var v = view();
    var node = clear(byId("lt-hand-head"));
    if (!node) { return; }
    if (!v) { node.textContent = ""; return; }
    var planned = state.table.hands_planned;
    var bits = [planned ? fill(T.hand_of, { n: v.number, total: planned }) : fill(T.hand_n, { n: v.number })];
    if (v.dealer) { bits.push(T.dealer + " " + v.dealer); }
    if (v.stake > 1) { bits.push(fill(T.stake, { n: v.stake })); }
    bits.push((W.phase && W.phase[v.phase]) || v.phase);
    node.textContent = bits.join(" · ");
  };

  var drawConn = function () {
    var node = byId("lt-conn");
    if (!node) { return; }
    node.dataset.state = conn;
    node.textContent = conn === "live" ? T.conn_live : conn === "polling" ? T.conn_polling : T.conn_offline;
  };

  var drawStatus = function () {
    var badge = byId("lt-table-status");
    if (badge && config.statuses && config.statuses[state.table.status]) {
      badge.textContent = config.statuses[state.table.status];
    }
    var node = byId("lt-status");
    if (!node) { return; }
    var v = view();
    var text = "";
    var table = state.table;
    if (table.status === "finished") { text = T.table_finished; }
    else if (table.status === "stopped") { text = T.table_stopped; }
    else if (!v) { text = T.no_hand; }
    else if (table.status === "waiting") { text = T.waiting_table; }
    else if (state.sitting_out) { text = T.sitting_out; }
    else if (v.done) { text = fill(T.result_title, { n: v.number }); }
    else if (seatMode && state.seat && state.seat.played_by === "bot") { text = T.bot_plays_for_you; }
    else if (myTurn()) { text = T.your_turn + " · " + ((W.phase && W.phase[v.phase]) || v.phase); }
    else if (v.to_move) {
      text = fill(T.waiting_for, { name: seatLabel(v.to_move) });
      var moving = seatInfo(v.to_move);
      if (moving.played_by === "bot" && moving.name) { text += " · " + fill(T.bot_plays_for, { name: moving.name }); }
    }
    else if (v.phase === "annul") { text = T.waiting_annul; } // the asked seat is not named (engine/hungarian/live.py)
    if (node.textContent !== text) { node.textContent = text; } // announced once, not at every poll
    node.classList.toggle("lt-my-turn", myTurn() && !busy);
  };

  /* The seats around the table (me at the bottom, the next to play on my right, anticlockwise) and, in
     the middle, the trick being played (or the last one, dimmed), or each seat's latest say. */
  var drawTable = function () {
    var node = clear(byId("lt-table"));
    var v = view();
    if (!node) { return; }
    if (!v) { node.hidden = true; return; }
    node.hidden = false;
    var seats = (v.seats || []).slice();
    var me = seatMode ? config.me : null;
    var start = seats.indexOf(me);
    if (start < 0) { // a spectator (or the dealer sitting out) sees the table from its first seat's side
      var positions = state.table.positions || [];
      var first = positions.filter(function (p) { return seats.indexOf(p) >= 0; })[0];
      start = Math.max(0, seats.indexOf(first));
    }
    if (start > 0) { seats = seats.slice(start).concat(seats.slice(0, start)); }
    var places = ["bottom", "right", "top", "left"];
    var where = {};
    seats.forEach(function (position, i) { where[position] = places[i] || "top"; });
    var latest = {};
    var phase = v.phase;
    if (phase === "bidding" || phase === "raise") {
      (v.auction || []).forEach(function (item) { latest[item.seat] = sayNode(item); });
    } else if (phase === "announcements" || phase === "annul" || phase === "discard") {
      var levels = {};
      (v.announcements || []).forEach(function (item) { latest[item.seat] = announcementNode(item.say, levels); });
    }
    var center = el("div", "lt-center");
    var trick = v.trick || [];
    var shown = trick;
    var last = false;
    if (!trick.length && v.last_trick && (phase === "play" || phase === "done")) {
      shown = v.last_trick.cards; last = true;
    }
    var slotFor = {};
    places.forEach(function (place) {
      var slot = el("div", "lt-slot lt-slot-" + place);
      center.appendChild(slot);
      slotFor[place] = slot;
    });
    shown.forEach(function (played) {
      var slot = slotFor[where[played.seat]];
      if (slot) { slot.appendChild(cardNode(played.card, { small: true, dim: last })); }
    });
    if (last) {
      center.appendChild(el("p", "lt-center-note", fill(T.last_trick, { name: seatLabel(v.last_trick.winner) })));
    }
    node.classList.toggle("lt-no-trick", !shown.length); // the auction: no room kept for cards
    node.appendChild(center);
    seats.forEach(function (position) {
      var info = seatInfo(position);
      var box = el("div", "lt-seat lt-at-" + where[position]);
      if (v.to_move === position) { box.classList.add("lt-moving"); }
      if (position === me) { box.classList.add("lt-me"); }
      var head = el("p", "lt-seat-name");
      head.appendChild(el("span", "lt-pos", position));
      head.appendChild(el("span", "lt-name", position === me ? (info.name || nameOf(position)) + " (" + T.you + ")" : nameOf(position)));
      box.appendChild(head);
      var tags = el("p", "lt-tags");
      var tag = function (text, cls) { tags.appendChild(el("span", "lt-tag " + (cls || ""), text)); };
      if (v.to_move === position) { tag("▶ " + T.to_move, "lt-tag-move"); }
      if (info.played_by === "bot" && info.name) { tag(T.bot, "lt-tag-bot"); } // a person's seat the bot plays
      else if (info.played_by !== "bot" && !info.connected && position !== me) { tag(T.offline, "lt-tag-off"); }
      if (v.dealer === position) { tag(T.dealer); }
      if (v.declarer === position) { tag(T.declarer, "lt-tag-decl"); }
      if (v.partner === position && v.declarer !== position) { tag(seatMode ? T.your_partner : T.partner, "lt-tag-decl"); }
      var won = v.tricks_won && v.tricks_won[position];
      if (phase === "play" || phase === "done") { tag(fill(T.tricks, { n: won || 0 })); }
      box.appendChild(tags);
      if (latest[position]) { var said = el("p", "lt-said"); said.appendChild(latest[position]); box.appendChild(said); }
      node.appendChild(box);
    });
  };

  var currentPick = function () {
    var v = view();
    if (!myTurn()) { return null; }
    for (var i = 0; i < v.choices.length; i++) { if (v.choices[i].pick) { return v.choices[i]; } }
    return null;
  };
  var cardChoices = function () {
    var v = view();
    var found = {};
    if (!myTurn()) { return found; }
    v.choices.forEach(function (choice) { if (choice.card) { found[choice.card] = choice; } });
    return found;
  };

  var drawActions = function () {
    var box = clear(byId("lt-choices"));
    if (!box) { return; }
    var errorBox = clear(byId("lt-error"));
    if (errorText) {
      var summary = el("div", "error-summary msg msg-error");
      summary.setAttribute("role", "alert");
      summary.appendChild(el("p", "", errorText));
      errorBox.appendChild(summary);
    } else if (notice) {
      errorBox.appendChild(el("p", "msg msg-info", notice));
    }
    var v = view();
    if (!myTurn()) { return; }
    var pick = currentPick();
    var cards = cardChoices();
    if (Object.keys(cards).length) { box.appendChild(el("p", "lt-prompt", T.tap_card)); }
    if (pick) {
      var key = v.number + ":" + v.step;
      if (pickedAt !== key) { picked = []; pickedAt = key; }
      box.appendChild(el("p", "lt-prompt", fill(T.pick, { n: pick.pick })));
      var confirm = el("button", "lt-choice lt-confirm");
      confirm.type = "button";
      confirm.dataset.pick = String(pick.pick);
      confirm.appendChild(el("span", "lt-choice-label", T.confirm_discard));
      confirm.appendChild(el("span", "lt-choice-hint", fill(T.picked, { k: picked.length, n: pick.pick })));
      confirm.disabled = busy || picked.length !== pick.pick;
      confirm.addEventListener("click", function () {
        if (picked.length === pick.pick) { send(pick.code + " " + picked.join(" ")); }
      });
      box.appendChild(confirm);
    }
    var list = el("div", "lt-choice-list");
    v.choices.forEach(function (choice) {
      if (choice.card || choice.pick) { return; }
      var button = el("button", "lt-choice lt-group-" + choice.group);
      button.type = "button";
      button.dataset.code = choice.code;
      var call = /^call (\S+)$/.exec(choice.code);
      var label = el("span", "lt-choice-label", choice.label);
      if (call) { label.appendChild(document.createTextNode(" ")); label.appendChild(cardNode(call[1], { mini: true })); }
      button.appendChild(label);
      if (choice.hint) { button.appendChild(el("span", "lt-choice-hint", choice.hint)); }
      button.disabled = busy;
      button.addEventListener("click", function () { send(choice.code); });
      list.appendChild(button);
    });
    if (list.childNodes.length) { box.appendChild(list); }
    if (busy) { box.appendChild(el("p", "lt-sending", conn === "retrying" ? T.retrying : T.sending)); }
  };

  var drawCards = function () {
    var box = clear(byId("lt-cards"));
    if (!box) { return; }
    var v = view();
    var hand = (v && v.hand) || [];
    var cards = cardChoices();
    var pick = currentPick();
    var pickable = {};
    if (pick) { pick.cards.forEach(function (c) { pickable[c] = true; }); }
    hand.forEach(function (name) {
      var choice = cards[name];
      if (choice) {
        box.appendChild(cardNode(name, {
          legal: true, disabled: busy, label: fill(T.play_card, { card: faceOf(name).label }),
          onTap: function () { send(choice.code); },
        }));
      } else if (pick && pickable[name]) {
        var on = picked.indexOf(name) >= 0;
        var node = cardNode(name, {
          legal: true, pressed: on, disabled: busy,
          onTap: function () {
            var i = picked.indexOf(name);
            if (i >= 0) { picked.splice(i, 1); }
            else if (picked.length < pick.pick) { picked.push(name); }
            else { picked.shift(); picked.push(name); }
            draw();
          },
        });
        if (on) { node.classList.add("pc-picked"); }
        box.appendChild(node);
      } else {
        box.appendChild(cardNode(name, { dim: myTurn() && (Object.keys(cards).length > 0 || !!pick) }));
      }
    });
    box.classList.toggle("lt-cards-active", Object.keys(cards).length > 0 || !!pick);
    var section = box.closest("section");
    if (section) { section.hidden = !hand.length; }
  };

  var fact = function (list, term, value) {
    list.appendChild(el("dt", "", term));
    var dd = el("dd");
    if (value && value.nodeType) { dd.appendChild(value); } else { dd.textContent = value; }
    list.appendChild(dd);
  };
  var cardsNode = function (names) {
    var span = el("span", "lt-inline-cards");
    names.forEach(function (name) { span.appendChild(cardNode(name, { mini: true })); });
    return span;
  };

  var drawContract = function () {
    var list = clear(byId("lt-contract"));
    if (!list) { return; }
    var v = view();
    if (!v) { return; }
    var F = config.factsLabels;
    fact(list, F.declarer, v.declarer ? seatLabel(v.declarer) : T.nobody_yet);
    if (v.bid) { fact(list, F.bid, (W.bid && W.bid[v.bid]) || v.bid); }
    if (v.called) { fact(list, F.called, cardsNode([v.called])); }
    var radelci = v.radelci ? Object.keys(v.radelci) : []; // Slovenian tarok: each holder scores double
    if (radelci.length) {
      fact(list, F.radelci, radelci.map(function (p) { return fill(T.radelci_of, { name: seatLabel(p), n: v.radelci[p] }); }).join(", "));
    }
    var summary = v.done && v.result ? v.result.summary || {} : null;
    if (summary && summary.declarer) { // the hand is over: the declarer's partner, as the record has it
      fact(list, F.partner, summary.partner && summary.partner !== summary.declarer ? seatLabel(summary.partner) : T.alone);
    } else if (v.declarer) {
      fact(list, seatMode ? F.your_partner : F.partner, v.partner ? seatLabel(v.partner) : T.nobody_yet);
    }
    var talonTaken = v.talon && v.talon.taken;
    if (Array.isArray(talonTaken)) { // the cards the declarer took, shown to the table (Talon)
      if (talonTaken.length) { fact(list, F.talon, cardsNode(talonTaken)); }
    } else if (typeof talonTaken === "number") { // the half of the talon the declarer chose (Königrufen)
      fact(list, F.talon, fill(T.talon_half, { n: talonTaken }));
    } else if (talonTaken) { // how many cards each seat took
      var taken = Object.keys(talonTaken);
      if (taken.length) {
        fact(list, F.talon, taken.map(function (p) { return fill(T.taken, { name: p, n: talonTaken[p] }); }).join(", "));
      }
    }
    if (v.talon && v.talon.received && v.talon.received.length) { fact(list, F.received, cardsNode(v.talon.received)); }
    var discards = v.discards || {};
    if (discards.mine && discards.mine.length) { fact(list, F.mine, cardsNode(discards.mine)); }
    var tarokks = discards.tarokks ? Object.keys(discards.tarokks) : [];
    if (tarokks.length) {
      fact(list, F.tarokks, tarokks.map(function (p) { return fill(T.discarded_tarokks, { name: p, n: discards.tarokks[p] }); }).join(", "));
    }
    if (discards.declarer_face_up && discards.declarer_face_up.length) {
      fact(list, F.face_up, cardsNode(discards.declarer_face_up));
    }
  };

  var drawAuction = function () {
    var list = clear(byId("lt-auction"));
    if (!list) { return; }
    var v = view();
    var items = (v && v.auction) || [];
    if (!items.length) { list.appendChild(el("li", "muted", T.no_auction)); return; }
    items.forEach(function (item) {
      var li = el("li");
      li.appendChild(el("span", "lt-who", seatLabel(item.seat)));
      li.appendChild(sayNode(item));
      list.appendChild(li);
    });
  };

  var drawAnnouncements = function () {
    var list = clear(byId("lt-announcements"));
    if (!list) { return; }
    var v = view();
    var items = (v && v.announcements) || [];
    if (!items.length) { list.appendChild(el("li", "muted", T.no_announcements)); return; }
    var levels = {};
    items.forEach(function (item) {
      var li = el("li");
      li.appendChild(el("span", "lt-who", seatLabel(item.seat)));
      li.appendChild(announcementNode(item.say, levels));
      if (item.team && W.team && W.team[item.team]) {
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("span", "badge lt-team lt-team-" + item.team, W.team[item.team]));
      }
      list.appendChild(li);
    });
  };

  var replayUrl = function (handId) { return config.replay_url.replace(/\/0\/replay\/$/, "/" + handId + "/replay/"); };
  var scoreRow = function (number) {
    var rows = state.table.score || [];
    for (var i = 0; i < rows.length; i++) { if (rows[i].number === number) { return rows[i]; } }
    return null;
  };
  var payList = function (payments) {
    var list = el("ul", "lt-pay");
    (state.table.positions || Object.keys(payments)).forEach(function (position) {
      if (!(position in payments)) { return; }
      var li = el("li");
      li.appendChild(el("span", "lt-pay-name", seatLabel(position)));
      var n = payments[position];
      li.appendChild(el("span", "lt-pay-pts " + (n > 0 ? "pos" : n < 0 ? "neg" : ""), signed(n)));
      list.appendChild(li);
    });
    return list;
  };
  var replayLink = function (row) {
    var link = el("a", "tap", T.replay);
    link.href = replayUrl(row.hand_id);
    return link;
  };

  /* The hand's result once it is over; else the hand before it (a new hand is dealt at once). */
  var drawResult = function () {
    var box = clear(byId("lt-result"));
    var lastBox = clear(byId("lt-last"));
    if (!box) { return; }
    var v = view();
    box.hidden = true;
    if (lastBox) { lastBox.hidden = true; }
    if (v && v.done && v.result) {
      box.hidden = false;
      var h = el("h2", "", fill(T.result_title, { n: v.number }));
      h.id = "lt-result-h";
      box.appendChild(h);
      var kind = v.result.kind || (v.result.summary && v.result.summary.kind);
      if (kind && W.kind && W.kind[kind] && kind !== "played") { box.appendChild(el("p", "lt-kind", W.kind[kind])); }
      var summary = v.result.summary || {};
      var facts = el("dl", "facts");
      var F = config.factsLabels;
      if (summary.declarer) { fact(facts, F.declarer, seatLabel(summary.declarer)); }
      if (summary.bid) { fact(facts, F.bid, (W.bid && W.bid[summary.bid]) || summary.bid); }
      if (summary.declarer) {
        fact(facts, F.partner, summary.partner && summary.partner !== summary.declarer ? seatLabel(summary.partner) : T.alone);
      }
      var result = summary.result || {};
      if (result.declarer_card_points !== undefined && result.declarer_card_points !== null) {
        fact(facts, F.points, fill(T.declarer_points, { points: result.declarer_card_points, tricks: result.declarer_tricks }));
      }
      if (facts.childNodes.length) { box.appendChild(facts); }
      box.appendChild(payList(v.result.payments || {}));
      var row = scoreRow(v.number);
      if (row && row.hand_id && row.status === "finished") { box.appendChild(replayLink(row)); }
      return;
    }
    if (!lastBox || !v) { return; }
    var previous = scoreRow(v.number - 1);
    if (previous && previous.status === "finished") {
      lastBox.hidden = false;
      lastBox.appendChild(el("h2", "", T.last_hand + " · " + fill(T.hand_n, { n: previous.number }) +
        (previous.kind && W.kind && W.kind[previous.kind] ? " · " + W.kind[previous.kind] : "")));
      lastBox.appendChild(payList(previous.payments || {}));
      lastBox.appendChild(replayLink(previous));
    }
  };

  var drawScore = function () {
    var box = clear(byId("lt-score"));
    if (!box) { return; }
    var table = state.table;
    var positions = table.positions || [];
    var sheet = el("table", "data sheet lt-sheet");
    var cap = el("caption", "visually-hidden", config.factsLabels.score);
    sheet.appendChild(cap);
    var head = el("thead");
    var tr = el("tr");
    var th = el("th", "num hand-no", "#");
    th.scope = "col";
    tr.appendChild(th);
    positions.forEach(function (position) {
      var cell = el("th", "num", position);
      cell.scope = "col";
      cell.appendChild(el("span", "sub", nameOf(position)));
      tr.appendChild(cell);
    });
    head.appendChild(tr);
    sheet.appendChild(head);
    var rows = table.score || [];
    var running = {};
    positions.forEach(function (p) { running[p] = 0; });
    var body = el("tbody");
    if (!rows.length) {
      var empty = el("tr");
      var td = el("td", "", T.no_hands);
      td.colSpan = positions.length + 1;
      empty.appendChild(td);
      body.appendChild(empty);
    }
    rows.forEach(function (row) {
      var line = el("tr", "status-" + row.status);
      var no = el("th", "num hand-no");
      no.scope = "row";
      if (row.status === "finished" && row.hand_id) {
        var a = el("a", "tap", String(row.number));
        a.href = replayUrl(row.hand_id);
        a.setAttribute("aria-label", T.replay + " " + fill(T.hand_n, { n: row.number }));
        no.appendChild(a);
      } else {
        no.appendChild(document.createTextNode(String(row.number)));
      }
      no.appendChild(el("span", "sub", row.dealer + (row.stake > 1 ? " ×" + row.stake : "")));
      line.appendChild(no);
      if (row.status === "finished") {
        positions.forEach(function (p) {
          var n = (row.payments || {})[p];
          running[p] += Number(n) || 0;
          var cell = el("td", "num");
          cell.appendChild(el("span", "pay", n === undefined ? "—" : signed(n)));
          cell.appendChild(el("span", "sub total", signed(running[p])));
          line.appendChild(cell);
        });
      } else {
        var playing = el("td", "", T.playing);
        playing.colSpan = positions.length;
        line.appendChild(playing);
      }
      body.appendChild(line);
      if (row.bot_moves > 0) {
        var note = el("tr", "what");
        var cell = el("td");
        cell.colSpan = positions.length + 1;
        cell.appendChild(el("span", "badge badge-pending", T.bot_moved));
        note.appendChild(cell);
        body.appendChild(note);
      }
    });
    sheet.appendChild(body);
    var foot = el("tfoot");
    var total = el("tr");
    var label = el("th", "", T.total);
    label.scope = "row";
    total.appendChild(label);
    positions.forEach(function (p) {
      var n = (table.totals || {})[p] || 0;
      total.appendChild(el("td", "num total " + (n > 0 ? "pos" : n < 0 ? "neg" : ""), signed(n)));
    });
    foot.appendChild(total);
    sheet.appendChild(foot);
    box.appendChild(sheet);
  };

  var drawBot = function () {
    var button = byId("lt-bot-toggle");
    if (!button || !state.seat) { return; }
    var isBot = state.seat.played_by === "bot";
    button.setAttribute("aria-pressed", isBot ? "true" : "false");
    button.textContent = isBot ? T.bot_off : T.bot_on;
    button.disabled = busy || state.table.status === "finished" || state.table.status === "stopped";
  };

  /* What has the focus, so that the same card or button has it again once the page is drawn anew. */
  var focusKey = function () {
    var node = document.activeElement;
    if (!node || !root.contains(node)) { return null; }
    if (node.dataset.card) { return 'button[data-card="' + node.dataset.card + '"]'; }
    if (node.dataset.code) { return 'button[data-code="' + node.dataset.code + '"]'; }
    return node.id ? "#" + node.id : null;
  };
  var draw = function () {
    var focused = focusKey();
    shownJson = JSON.stringify(state);
    drawHead();
    drawConn();
    drawStatus();
    drawTable();
    drawActions();
    drawCards();
    drawResult();
    drawContract();
    drawAuction();
    drawAnnouncements();
    drawScore();
    drawBot();
    root.classList.toggle("lt-busy", busy);
    if (focused && !root.contains(document.activeElement)) {
      var again = root.querySelector(focused);
      if (again && !again.disabled) { again.focus(); }
    }
  };

  // --- the server ------------------------------------------------------------------------------------
  var headers = function (extra) {
    var h = { "Accept": "application/json", "Accept-Language": lang, "X-CSRFToken": config.csrf };
    Object.keys(extra || {}).forEach(function (k) { h[k] = extra[k]; });
    return h;
  };
  var messageOf = function (data) {
    if (data && data.errors && data.errors.length) {
      return data.errors.map(function (e) { return e.message; }).join(" ");
    }
    return "";
  };
  var refreshing = false;
  var refresh = function () {
    if (refreshing) { return Promise.resolve(); }
    refreshing = true;
    return fetch(config.state_url, { headers: headers(), credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (data) {
        refreshing = false;
        if (conn === "offline") { conn = "polling"; }
        accept(data);
        drawConn();
      }, function () {
        refreshing = false;
        if (conn !== "live") { conn = "offline"; drawConn(); }
      });
  };

  /* POST ``body`` to ``url`` with ``key``, again and again (same key) while no answer comes back. */
  var post = function (url, body, key, onAnswer) {
    var attempt = 0;
    var go = function () {
      fetch(url, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: headers({ "Content-Type": "application/json", "Idempotency-Key": key }),
        body: JSON.stringify(body),
      }).then(function (response) {
        if (response.status >= 500 || response.status === 429 || response.status === 408) { throw new Error("retry"); }
        return response.json().catch(function () { return null; }).then(function (data) {
          if (conn === "retrying") { conn = wsOpen ? "live" : "polling"; }
          onAnswer(response.status, data);
        });
      }).catch(function () {
        attempt += 1;
        conn = "retrying";
        draw();
        setTimeout(go, Math.min(8000, 500 * Math.pow(2, attempt - 1)));
      });
    };
    go();
  };

  var send = function (code) {
    var v = view();
    if (busy || !v) { return; }
    busy = true;
    errorText = "";
    notice = "";
    draw();
    post(config.move_url, { step: v.step, code: code }, newKey(), function (status, data) {
      busy = false;
      picked = [];
      if (status >= 200 && status < 300) {
        accept(data);
        draw();
      } else if (status === 409) {
        notice = messageOf(data) || T.moved_on;
        draw();
        refresh();
      } else {
        errorText = T.refused + " " + (messageOf(data) || T.error);
        draw();
        var box = byId("lt-error");
        if (box) { box.focus(); }
        refresh();
      }
    });
  };

  var toggleBot = function () {
    if (busy || !state.seat) { return; }
    busy = true;
    errorText = "";
    draw();
    post(config.bot_url, { on: state.seat.played_by !== "bot" }, newKey(), function (status, data) {
      busy = false;
      if (status >= 200 && status < 300 && data && data.type === "state") { accept(data); }
      else if (!(status >= 200 && status < 300)) { errorText = messageOf(data) || T.error; }
      draw();
      refresh();
    });
  };
  var botButton = byId("lt-bot-toggle");
  if (botButton && seatMode) { botButton.addEventListener("click", toggleBot); }

  // --- WebSocket first, polling while it cannot connect ---------------------------------------------
  var ws = null;
  var wsOpen = false;
  var pollTimer = null;
  var reconnectMs = 1000;
  var polls = 0;
  var startPolling = function () {
    if (pollTimer) { return; }
    if (conn !== "offline" && conn !== "retrying") { conn = "polling"; }
    drawConn();
    pollTimer = setInterval(function () {
      polls += 1;
      if (document.hidden && polls % 5) { return; } // a phone in a pocket asks every 10 s
      refresh();
    }, config.poll_ms || 2000);
  };
  var stopPolling = function () { if (pollTimer) { clearInterval(pollTimer); pollTimer = null; } };
  var connect = function () {
    if (!("WebSocket" in window) || !config.ws_path) { startPolling(); return; }
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + config.ws_path;
    try { ws = new WebSocket(url); } catch (e) { ws = null; startPolling(); setTimeout(connect, reconnectMs); return; }
    ws.onopen = function () {
      wsOpen = true;
      reconnectMs = 1000;
      stopPolling();
      if (conn !== "retrying") { conn = "live"; }
      drawConn();
    };
    ws.onmessage = function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data && data.type === "state") { accept(data); }
    };
    ws.onclose = function () {
      var was = wsOpen;
      wsOpen = false;
      ws = null;
      if (was) { refresh(); }
      startPolling();
      setTimeout(connect, reconnectMs);
      reconnectMs = Math.min(reconnectMs * 2, 30000);
    };
  };
  window.addEventListener("online", function () { refresh(); if (!ws) { reconnectMs = 1000; connect(); } });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { refresh(); } });

  draw();
  startPolling();  // until the WebSocket is open: the first state may be a few moves old
  connect();
})();

/* Public pages: the round timer's countdown, "find my table" as you type, sorting the standings by a
   column. Everything here is an enhancement: each page works without it (GET ?q=, ?sort=). */
(function () {
  "use strict";

  // --- on a phone the tournament's nav scrolls sideways: bring the current page's link into view ------
  var nav = document.querySelector(".tnav"), here = nav && nav.querySelector("[aria-current=page]");
  if (here && nav.scrollWidth > nav.clientWidth) {
    nav.scrollLeft = Math.max(0, here.offsetLeft - (nav.clientWidth - here.offsetWidth) / 2);
  }

  // --- the round timer: "12:34 left", then "Time is up" -------------------------------------------
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function countdownText(ms, timer) {
    if (ms <= 0) return timer.dataset.over;
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + pad(m) : m) + ":" + pad(s % 60) + " " + timer.dataset.left;
  }
  function tick() {
    document.querySelectorAll(".timer[data-ends]").forEach(function (timer) {
      var out = timer.querySelector(".countdown");
      if (out) out.textContent = countdownText(Date.parse(timer.dataset.ends) - Date.now(), timer);
    });
  }
  if (document.querySelector(".timer[data-ends]")) { tick(); setInterval(tick, 1000); }

  // --- find my table ----------------------------------------------------------------------------------
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  var finder = document.querySelector("[data-finder]");
  if (finder) {
    var input = finder.querySelector("input[name=q]");
    var status = finder.querySelector("[role=status]");
    var cards = Array.prototype.slice.call(document.querySelectorAll("[data-table]"));
    var filter = function () {
      var needle = fold(input.value.trim()), found = 0;
      cards.forEach(function (card) {
        var any = false;
        card.querySelectorAll("tr[data-name]").forEach(function (row) {
          var hit = needle !== "" && fold(row.dataset.name).indexOf(needle) !== -1;
          row.classList.toggle("highlight", hit);
          any = any || hit;
        });
        card.hidden = needle !== "" && !any;
        found += any ? 1 : 0;
      });
      if (!needle) status.textContent = "";
      else status.textContent = found ? status.dataset.some.replace("%(n)s", found) : status.dataset.none;
      var url = new URL(window.location.href);
      if (needle) url.searchParams.set("q", input.value.trim()); else url.searchParams.delete("q");
      history.replaceState(null, "", url);
    };
    input.addEventListener("input", filter);
    finder.addEventListener("submit", function (event) { event.preventDefault(); filter(); });
  }

  // --- sortable standings -------------------------------------------------------------------------------
  document.querySelectorAll("table[data-sortable]").forEach(function (table) {
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    var body = table.tBodies[0];
    headers.forEach(function (th, index) {
      var link = th.querySelector("a");
      if (!link) return;
      link.setAttribute("role", "button");
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var current = th.getAttribute("aria-sort");
        var order = current ? (current === "ascending" ? "descending" : "ascending") : th.dataset.first;
        var numeric = th.dataset.type === "num";
        var rows = Array.prototype.slice.call(body.rows);
        var value = function (row) {
          var cell = row.cells[index];
          return numeric ? parseFloat(cell.dataset.v) : fold(cell.textContent.trim());
        };
        var rank = function (row) { return parseFloat(row.cells[0].dataset.v); };
        rows.sort(function (a, b) {
          var x = value(a), y = value(b), d;
          if (numeric) d = x - y; else d = x < y ? -1 : x > y ? 1 : 0;
          if (order === "descending") d = -d;
          return d || rank(a) - rank(b);
        });
        headers.forEach(function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", order);
        var fragment = document.createDocumentFragment();
        rows.forEach(function (row) { fragment.appendChild(row); });
        body.appendChild(fragment);
      });
    });
  });
})();

/* Public pages: "find my table" as you type, sorting the standings by a column (the round's timer is
   timer.js). Everything here is an enhancement: each page works without it (GET ?q=, ?sort=). */
(function () {
  "use strict";

  // --- find my table ----------------------------------------------------------------------------------
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  // As public.name_matches: every typed word occurs in the name, in any order ("anna kov" finds
  // "Kovács Anna", stored family name first).
  function matches(words, name) {
    var folded = fold(name);
    return words.length > 0 && words.every(function (word) { return folded.indexOf(word) !== -1; });
  }
  var finder = document.querySelector("[data-finder]");
  if (finder) {
    var input = finder.querySelector("input[name=q]");
    var status = finder.querySelector("[role=status]");
    var cards = Array.prototype.slice.call(document.querySelectorAll("[data-table]"));
    var filter = function () {
      var words = fold(input.value).split(/\s+/).filter(Boolean), found = 0;
      cards.forEach(function (card) {
        var any = false;
        card.querySelectorAll("tr[data-name]").forEach(function (row) {
          var hit = matches(words, row.dataset.name);
          row.classList.toggle("highlight", hit);
          any = any || hit;
        });
        card.hidden = words.length > 0 && !any;
        found += any ? 1 : 0;
      });
      if (!words.length) status.textContent = "";
      else status.textContent = found ? status.dataset.some.replace("%(n)s", found) : status.dataset.none;
      var url = new URL(window.location.href);
      if (words.length) url.searchParams.set("q", input.value.trim()); else url.searchParams.delete("q");
      history.replaceState(null, "", url);
    };
    input.addEventListener("input", filter);
    finder.addEventListener("submit", function (event) { event.preventDefault(); filter(); });
  }

  // --- a table wider than its box says so (standings with many rounds, even at 1280 px) ---------------
  // The hint shows and the player's column stays in view (public.css, [data-overflows]) while the table
  // scrolls sideways; checked again when the box or the table changes size ("Show all columns" too).
  document.querySelectorAll("[data-scroll-hint]").forEach(function (hint) {
    var box = hint.parentElement.querySelector(".scroll");
    if (!box) return;
    var update = function () {
      var wider = box.scrollWidth > box.clientWidth + 1;
      hint.hidden = !wider;
      hint.parentElement.toggleAttribute("data-overflows", wider);
    };
    update();
    if (window.ResizeObserver) {
      var watch = new ResizeObserver(update);
      watch.observe(box);
      if (box.firstElementChild) watch.observe(box.firstElementChild);
    }
    window.addEventListener("resize", update);
    window.addEventListener("hashchange", update);
  });

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

/* Projector mode: show one view (pairings, standings) and one screenful of it at a time, cycling every
   `interval` seconds (?interval=N, default 15); poll the live fragment every `poll` seconds (?poll=N,
   default 10) with If-None-Match and swap it in only when it changed (timer.js counts the round's time down).
   Plain JS, no library. Without JS the page shows everything, stacked, and reloads every minute. */
(function () {
  "use strict";
  var root = document.querySelector("[data-projector]");
  if (!root) return;
  var params = new URLSearchParams(window.location.search);
  function seconds(name, fallback) {
    var value = parseFloat(params.get(name));
    return value >= 0.5 && value <= 3600 ? value : fallback;
  }
  var interval = seconds("interval", 15) * 1000;
  var pollEvery = seconds("poll", 10) * 1000;
  var liveUrl = root.dataset.liveUrl;
  var etag = null;
  var slides = [];   // [{view: "pairings", page: 0, pages: 2, items: [from, to)}]
  var position = 0;  // index into slides
  var current = null; // {view, page} shown now, kept across a refresh

  document.body.classList.add("pj-running");

  function live() { return root.querySelector(".pj-live"); }

  // --- paging: split each view's items into screenfuls -----------------------------------------------
  function paginate() {
    var container = live();
    var views = Array.prototype.slice.call(container.querySelectorAll(".pj-view"));
    var result = [];
    views.forEach(function (view) {
      views.forEach(function (v) { if (v !== view) v.setAttribute("data-hidden", ""); else v.removeAttribute("data-hidden"); });
      var items = Array.prototype.slice.call(view.querySelectorAll(".pj-item"));
      items.forEach(function (item) { item.removeAttribute("data-hidden"); });
      if (!items.length) { result.push({ view: view.dataset.view, page: 0, pages: 1, from: 0, to: 0 }); return; }
      var bottom = window.innerHeight - 12;
      var first = items[0].getBoundingClientRect().top;
      var room = Math.max(bottom - first, 60);
      var pages = [], start = 0, pageTop = first;
      items.forEach(function (item, i) {
        var box = item.getBoundingClientRect();
        if (i > start && box.bottom - pageTop > room) {
          pages.push([start, i]);
          start = i;
          pageTop = box.top;
        }
      });
      pages.push([start, items.length]);
      pages.forEach(function (range, index) {
        result.push({ view: view.dataset.view, page: index, pages: pages.length, from: range[0], to: range[1] });
      });
    });
    return result;
  }

  function show(slide, animate) {
    var container = live();
    container.querySelectorAll(".pj-view").forEach(function (view) {
      var on = view.dataset.view === slide.view;
      if (on) view.removeAttribute("data-hidden"); else view.setAttribute("data-hidden", "");
      view.classList.remove("pj-enter");
      if (on && animate) { void view.offsetWidth; view.classList.add("pj-enter"); }
      if (!on) return;
      view.querySelectorAll(".pj-item").forEach(function (item, i) {
        if (i >= slide.from && i < slide.to) item.removeAttribute("data-hidden");
        else item.setAttribute("data-hidden", "");
      });
      var label = view.querySelector(".pj-page");
      if (label) label.textContent = slide.pages > 1 ? (slide.page + 1) + " / " + slide.pages : "";
    });
    current = { view: slide.view, page: slide.page };
    root.dataset.slide = slide.view + "-" + slide.page;
  }

  function layout(animate) {
    slides = paginate();
    position = 0;
    if (current) {
      for (var i = 0; i < slides.length; i++) {
        if (slides[i].view === current.view && slides[i].page === Math.min(current.page, slides[i].pages - 1)) { position = i; break; }
      }
    }
    show(slides[position], animate);
  }

  function advance() {
    if (slides.length > 1) {
      position = (position + 1) % slides.length;
      show(slides[position], true);
    }
  }

  // --- polling ----------------------------------------------------------------------------------------
  function poll() {
    var headers = { "X-Requested-With": "projector" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(liveUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) return null;
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (!html) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector(".pj-live");
        if (!fresh || fresh.dataset.version === live().dataset.version) return;
        // Swap and lay out in the same task: the browser paints only the finished page, no flicker.
        live().replaceWith(fresh);
        layout(false);
        if (window.tarokkTimer) window.tarokkTimer.tick();  // timer.js: the fresh timer at once
        root.dataset.refreshed = String(Number(root.dataset.refreshed || 0) + 1);
      })
      .catch(function () { /* offline for a moment: try again at the next poll */ })
      .then(function () { setTimeout(poll, pollEvery); });
  }

  var resizeTimer = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () { layout(false); }, 200);
  });

  layout(false);
  setInterval(advance, interval);
  setTimeout(poll, pollEvery);
})();

/* The round's timer, one format on every page that shows it (home, pairings, a table's entry page, the
   organizer's round page, the projector): "ends 21:40 · 12:34 left" (mm:ss under an hour, h:mm:ss from an
   hour), then "Time is up". The page renders the end time; this fills in what is left, every second, in
   every `.timer[data-ends]` on the page, also those swapped in later (the projector's refresh). */
(function () {
  "use strict";
  if (window.tarokkTimer) return;  // the timer's include may be on a page more than once

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  // The time left as the timers show it: "12:34", "04:05", "1:02:03" (whole seconds, rounded up, so
  // that "00:00" shows at the end and not a second before it).
  function clock(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + pad(m) : pad(m)) + ":" + pad(s % 60);
  }

  function tick() {
    document.querySelectorAll(".timer[data-ends]").forEach(function (timer) {
      var out = timer.querySelector(".countdown");
      var ms = Date.parse(timer.dataset.ends) - Date.now();
      if (!out || isNaN(ms)) return;
      var over = ms <= 0;
      timer.classList.toggle("timer-over", over);
      out.textContent = over ? timer.dataset.over : timer.dataset.left.replace("%(time)s", clock(ms));
    });
  }

  window.tarokkTimer = { clock: clock, tick: tick };
  tick();
  setInterval(tick, 1000);
})();

// Organizer pages: follow a draw job until it is done and refresh a round's table progress in place (the
// round's timer is timer.js). Without JavaScript the pages refresh themselves (<noscript> meta refresh).
(function () {
  "use strict";

  function followJob(box) {
    var url = box.getAttribute("data-status-url");
    var every = Math.max(1, parseInt(box.getAttribute("data-poll"), 10) || 2) * 1000;
    var bar = document.getElementById("job-progress");
    var status = document.getElementById("job-status");
    var errorBox = document.getElementById("job-error");
    function poll() {
      fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
        .then(function (job) {
          if (bar) { bar.value = job.step; bar.max = job.steps; }
          if (status) { status.textContent = job.label; status.className = "badge badge-job-" + job.status; }
          if (job.round_url) { window.location.assign(window.location.pathname); return; }
          if (job.error && errorBox) {
            document.getElementById("job-error-text").textContent = job.error;
            errorBox.hidden = false;
          }
          if (job.active) { setTimeout(poll, every); }
        })
        .catch(function () { setTimeout(poll, every * 3); });
    }
    setTimeout(poll, every);
  }

  function refreshProgress(section) {
    var url = section.getAttribute("data-url");
    var every = (parseInt(section.getAttribute("data-poll"), 10) || 0) * 1000;
    if (!every) { return; }
    function poll() {
      if (document.hidden) { setTimeout(poll, every); return; }
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) {
          if (html !== section.getAttribute("data-last")) {
            section.innerHTML = html;  // only when it changed: no flicker
            section.setAttribute("data-last", html);
          }
          setTimeout(poll, every);
        })
        .catch(function () { setTimeout(poll, every * 3); });
    }
    setTimeout(poll, every);
  }

  var job = document.getElementById("job");
  if (job && job.getAttribute("data-status-url")) { followJob(job); }
  var progress = document.getElementById("progress");
  if (progress) { refreshProgress(progress); }
})();

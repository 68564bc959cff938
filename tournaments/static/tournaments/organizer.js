// Organizer pages: follow a draw job until it is done and refresh a round's table progress in place (the
// round's timer is timer.js), focus a refused form's error summary, and show a new tournament's game's
// presets and table sizes. Without JavaScript the pages refresh themselves (<noscript> meta refresh) and
// the new-tournament form lists every game's presets.
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

  // A new tournament: each game shows its own presets and the table sizes it seats; choosing a preset fills
  // in the rounds and table sizes its event plays (the organizer may change them before creating it).
  function setupForm(form) {
    var games = JSON.parse(form.getAttribute("data-games"));
    var game = form.querySelector("select[name=game]");
    var preset = form.querySelector("select[name=rules_preset]");
    var rounds = form.querySelector("input[name=rounds_planned]");
    var about = form.querySelector("[data-preset-about]");
    var first = form.querySelector("select[name=first_size]");
    var boxes = form.querySelectorAll("[data-size]");
    var groups = Array.prototype.map.call(preset.querySelectorAll("optgroup"), function (g) { return g.cloneNode(true); });
    function presetOf() {
      var found = null;
      (games[game.value] || { presets: [] }).presets.forEach(function (p) { if (p.id === preset.value) { found = p; } });
      return found;
    }
    function showGame() {
      var chosen = preset.value;
      preset.innerHTML = "";
      groups.forEach(function (g) {
        if (g.getAttribute("data-game") === game.value) {
          Array.prototype.forEach.call(g.children, function (option) { preset.appendChild(option.cloneNode(true)); });
        }
      });
      var known = ((games[game.value] || { presets: [] }).presets).map(function (p) { return p.id; });
      preset.value = known.indexOf(chosen) >= 0 ? chosen : (games[game.value] || {}).starting_preset;
      boxes.forEach(function (box) {
        var seats = box.getAttribute("data-games").split(" ").indexOf(game.value) >= 0;
        box.hidden = !seats;
        if (!seats) { box.querySelector("input").checked = false; }
      });
      Array.prototype.forEach.call(first.options, function (option) {
        option.hidden = option.disabled = option.getAttribute("data-games").split(" ").indexOf(game.value) < 0;
      });
    }
    function describe() {
      var info = presetOf();
      if (about) { about.textContent = info ? info.about : ""; }
      return info;
    }
    function applyPreset() {
      var info = describe();
      if (!info) { return; }
      rounds.value = info.rounds;
      boxes.forEach(function (box) {
        box.querySelector("input").checked = info.sizes.indexOf(parseInt(box.getAttribute("data-size"), 10)) >= 0;
      });
      first.value = String(info.sizes[0]);
    }
    game.addEventListener("change", function () { showGame(); applyPreset(); });
    preset.addEventListener("change", applyPreset);
    showGame();
    describe();
  }

  // A refused form: its error summary is read first (each line links to its field).
  var summary = document.querySelector("[data-error-summary]");
  if (summary) {
    summary.scrollIntoView({ block: "start" });
    summary.focus({ preventScroll: true });
  }
  var setup = document.querySelector("form[data-games]");
  if (setup) { setupForm(setup); }
  var job = document.getElementById("job");
  if (job && job.getAttribute("data-status-url")) { followJob(job); }
  var progress = document.getElementById("progress");
  if (progress) { refreshProgress(progress); }
})();

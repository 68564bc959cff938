/* Score entry at the table: the zero-sum check as you type, the live preview of a hand summary, and only
   the parts of the summary form the kind of hand needs. The pages work without it. */
(function () {
  "use strict";

  // A table that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable); until
  // the score-sheet include carries tabindex="0" itself.
  document.querySelectorAll(".scroll:not([tabindex])").forEach(function (box) { box.tabIndex = 0; });

  // A refused form: the error summary at the top is read first (its links lead to each field).
  var errorSummary = document.querySelector("[data-error-summary]");
  if (errorSummary) {
    errorSummary.scrollIntoView({ block: "start" });
    errorSummary.focus({ preventScroll: true });
  }

  var payments = document.querySelector("form[data-payments]");
  if (payments) {
    // A passed-out or annulled hand pays nothing: its payment boxes are hidden (the server ignores them).
    var payKind = payments.querySelector("select[name=kind]");
    var boxes = payments.querySelector("[data-pay-boxes]");
    if (payKind && boxes) {
      var showBoxes = function () {
        boxes.hidden = payKind.value === "passed_out" || payKind.value === "annulled";
      };
      payKind.addEventListener("change", showBoxes);
      showBoxes();
    }
    var sumLine = payments.querySelector("[data-sum]");
    var inputs = payments.querySelectorAll("input[data-pay]");
    var check = function () {
      var sum = 0, filled = 0;
      inputs.forEach(function (input) {
        if (input.value.trim() === "") { return; }
        var n = Number(input.value);
        if (Number.isFinite(n)) { sum += n; filled += 1; }
      });
      if (!filled) { sumLine.hidden = true; return; }
      sumLine.hidden = false;
      var ok = sum === 0;
      sumLine.classList.toggle("bad", !ok);
      sumLine.textContent = ok
        ? sumLine.dataset.ok || "Sum: 0 ✓"
        : (sumLine.dataset.bad || "Sum: {sum}. The payments must sum to 0.").replace("{sum}", sum > 0 ? "+" + sum : "−" + -sum);
    };
    inputs.forEach(function (input) { input.addEventListener("input", check); });
    check();
  }

  // Only the parts of a summary form the kind of hand needs (the phone's and the organizer's).
  document.querySelectorAll("form").forEach(function (form) {
    var kindSelect = form.querySelector("select[name=kind]");
    if (!kindSelect || !form.querySelector("[data-kinds]")) { return; }
    var showKind = function () {
      form.querySelectorAll("[data-kinds]").forEach(function (part) {
        part.hidden = part.dataset.kinds.split(" ").indexOf(kindSelect.value) < 0;
      });
    };
    kindSelect.addEventListener("change", showKind);
    showKind();
  });

  // A game's question asked only for some answers of another (generic summary forms: data-when-*).
  document.querySelectorAll("form").forEach(function (form) {
    var parts = form.querySelectorAll("[data-when-field]");
    if (!parts.length) { return; }
    var show = function () {
      // in order, so that a question of a question not asked is not asked either
      parts.forEach(function (part) {
        var other = form.querySelector("[name=" + part.dataset.whenField + "]");
        part.hidden = !!other && (other.closest("[hidden]") !== null
          || part.dataset.whenValues.split(" ").indexOf(other.value) < 0);
      });
    };
    form.addEventListener("change", show);
    show();
  });

  var summary = document.querySelector("form[data-preview-url]");
  if (!summary) { return; }

  var target = summary.querySelector("#preview");
  var timer = null;
  var serial = 0;
  var refresh = function () {
    var mine = ++serial;
    var body = new FormData(summary);
    body.set("action", "preview");
    fetch(summary.dataset.previewUrl, {
      method: "POST", body: body, credentials: "same-origin", headers: { "X-Requested-With": "fetch" }
    }).then(function (response) { return response.text(); }).then(function (html) {
      if (mine !== serial) { return; }
      target.innerHTML = html;
      summary.querySelectorAll("[data-page-save]").forEach(function (button) { button.remove(); });
      var previewButton = summary.querySelector("[data-preview-button]");
      if (previewButton) { previewButton.classList.toggle("secondary", !!target.querySelector("button[value=save]")); }
    }).catch(function () { /* offline: the Preview button still works */ });
  };
  var schedule = function () { clearTimeout(timer); timer = setTimeout(refresh, 350); };
  summary.addEventListener("change", schedule);
  summary.addEventListener("input", function (event) {
    if (event.target.type === "number") { schedule(); }
  });
})();

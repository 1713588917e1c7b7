// The event form lists the options of every rule set offered; show only
// those of the rule set chosen. Without script every group stays visible and
// the server keeps only the chosen rule set's options.
(function () {
  "use strict";
  var select = document.querySelector('select[name="ruleset"]');
  if (!select) return;
  function show() {
    document.querySelectorAll("fieldset.rule-options").forEach(function (group) {
      group.hidden = group.dataset.ruleset !== select.value;
    });
  }
  select.addEventListener("change", show);
  show();
})();

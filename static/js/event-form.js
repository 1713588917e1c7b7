// The event form and the club's event defaults list the options of every
// rule set offered; show only those of the rule set chosen. Without script
// every group stays visible and the server keeps only the chosen rule set's
// options.
(function () {
  "use strict";
  var select = document.querySelector('select[name="ruleset"]');
  if (select) {
    // Rule sets scored by table result (MCR, Riichi) decide the table
    // points, ties and ranking themselves, seat tables of 4 only and have
    // no hands to confirm: those fields are hidden then (Event.clean sets
    // them).
    var byTable = (select.dataset.byTable || "").split(" ");
    var decided = ["table_point_scheme", "tie_rule", "ranking_order", "odd_tables",
                   "requires_confirmation"];
    var show = function () {
      document.querySelectorAll("fieldset.rule-options").forEach(function (group) {
        group.hidden = group.dataset.ruleset !== select.value;
      });
      var hide = byTable.indexOf(select.value) !== -1;
      decided.forEach(function (name) {
        var field = document.querySelector('[name="' + name + '"]');
        var cell = field && field.closest(".form-cell");
        if (cell) cell.hidden = hide;
      });
    };
    select.addEventListener("change", show);
    show();
  }

  // A new event's title from the club's pattern ("Clubavond {date}"): it
  // follows the date as long as the organiser has not typed a title of
  // their own. The date is written in Dutch, as the server writes it
  // (tournaments/services/event_defaults.py title_for).
  var title = document.querySelector("input[name='title'][data-pattern]");
  var date = document.querySelector("input[name='start_date']");
  if (!title || !date) return;
  var pattern = title.dataset.pattern;
  var written = new Intl.DateTimeFormat("nl-NL", {
    day: "numeric", month: "long", year: "numeric", timeZone: "UTC"
  });
  function made(value) {
    var parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value || "");
    if (!parts) return null;
    var day = new Date(Date.UTC(+parts[1], +parts[2] - 1, +parts[3]));
    return pattern.split("{date}").join(written.format(day)).trim();
  }
  var last = made(date.value);
  date.addEventListener("change", function () {
    var next = made(date.value);
    if (next === null) return;
    if (title.value === "" || title.value === last) title.value = next;
    last = next;
  });
})();

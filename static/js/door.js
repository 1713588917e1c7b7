// The door (templates/tournaments/door/): htmx swaps a player's row after a
// tap; this file keeps the keyboard focus on that row, shows a refused change
// (answered 400 with the row and its error) instead of dropping it, and on
// the registration page filters the member list and counts the chosen ones.
// In a file of its own: the Content-Security-Policy allows no inline scripts.
(function () {
  "use strict";

  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  // A refused change comes back as 400 with the row showing why: swap it in.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 400 && event.detail.elt.closest(".door")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // The tapped button is replaced with its row: focus the new row's first
  // button, so a keyboard or screen-reader user stays where they were.
  var lastRow = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var row = event.detail.elt.closest(".door-row");
    lastRow = row && event.detail.requestConfig.verb === "post" ? row.id : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!lastRow) return;
    var row = document.getElementById(lastRow);
    lastRow = null;
    if (row) {
      var button = row.querySelector("button, summary");
      if (button) button.focus();
    }
  });

  // Registration: filter the members by name, choose all shown, count.
  var filterBox = document.querySelector("[data-pick-filter]");
  var list = document.getElementById("pick-list");
  var count = document.querySelector("[data-picked-count]");
  if (!list) return;
  function countChosen() {
    if (count) count.textContent = list.querySelectorAll("input:checked").length;
  }
  list.addEventListener("change", countChosen);
  countChosen();
  if (!filterBox) return;
  filterBox.hidden = false;
  var input = filterBox.querySelector("input");
  input.addEventListener("input", function () {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    list.querySelectorAll("li").forEach(function (item) {
      var text = fold(item.textContent);
      item.hidden = !words.every(function (word) { return text.indexOf(word) >= 0; });
    });
  });
  var chooseShown = filterBox.querySelector("[data-pick-shown]");
  chooseShown.addEventListener("click", function () {
    list.querySelectorAll("li:not([hidden]) input").forEach(function (box) { box.checked = true; });
    countChosen();
  });
})();

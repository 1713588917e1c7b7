// Pages that follow the hall (the round's tables, the big screen) ask for
// themselves again with htmx polls. While the tab is hidden nobody reads
// them: the polls are held back, and when the tab comes back one is made at
// once ("livevisible", which their hx-trigger listens for on the document).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden) {
      event.preventDefault();
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      document.dispatchEvent(new CustomEvent("livevisible"));
    }
  });
})();

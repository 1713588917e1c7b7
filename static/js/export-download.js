// An export's page (templates/exports/job.html): when the page's poll (htmx)
// brings the finished job, its file downloads by itself, once. The link
// stays on the page for a browser that blocks the automatic download.
(function () {
  "use strict";

  function startDownload() {
    var link = document.querySelector("a[data-auto-download]:not([data-started])");
    if (!link) {
      return;
    }
    link.setAttribute("data-started", "");
    // The answer is an attachment: the browser saves it and stays here.
    window.location.assign(link.href);
  }

  document.addEventListener("htmx:afterSettle", startDownload);
})();

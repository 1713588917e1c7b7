// The round clock (templates/tournaments/_clock_face.html): counts down from
// the seconds left the server gave when it made the face, by the browser's
// steady clock (performance.now), so a phone whose clock is wrong still shows
// the right time. Where the face has a URL (data-clock-url on its [data-clock]
// container) it asks the server again every 30 s, and at once when the tab
// comes back, to follow a pause, a resume or extra minutes. When time is up
// it shows what the rule set prescribes (the hidden [data-clock-at-time]).
// No inline script: the Content-Security-Policy forbids it.
(function () {
  "use strict";
  if (window.roundClock) {
    return; // included twice on one page: one clock script is enough
  }
  var REFRESH_MS = 30000;

  function format(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
    return (hours ? hours + ":" : "") + mm + ":" + String(rest).padStart(2, "0");
  }

  function start(container) {
    var face = container.querySelector("[data-clock-face]");
    if (!face) {
      return;
    }
    var left = parseInt(face.getAttribute("data-seconds-left"), 10) || 0;
    var deadline = performance.now() + left * 1000;
    container.clockDeadline = deadline;
    container.clockState = face.getAttribute("data-state");
    tick(container);
  }

  function tick(container) {
    var face = container.querySelector("[data-clock-face]");
    if (!face || container.clockState !== "running") {
      return;
    }
    var seconds = Math.max(0, Math.ceil((container.clockDeadline - performance.now()) / 1000));
    var time = face.querySelector("[data-clock-time]");
    if (time) {
      time.textContent = format(seconds);
    }
    if (seconds === 0) {
      container.clockState = "over";
      face.setAttribute("data-state", "over");
      var atTime = face.querySelector("[data-clock-at-time]");
      if (atTime) {
        atTime.hidden = false;
      }
    }
  }

  function refresh(container) {
    var url = container.getAttribute("data-clock-url");
    if (!url || document.hidden) {
      return;
    }
    fetch(url, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html) {
          container.innerHTML = html;
          start(container);
        }
      })
      .catch(function () { /* offline: keep counting from what we had */ });
  }

  function all() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-clock]"));
  }

  function init(root) {
    var containers = root.matches && root.matches("[data-clock]") ? [root]
      : Array.prototype.slice.call(root.querySelectorAll("[data-clock]"));
    containers.forEach(start);
  }

  window.roundClock = {format: format, init: init};
  init(document);
  setInterval(function () { all().forEach(tick); }, 250);
  setInterval(function () { all().forEach(refresh); }, REFRESH_MS);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      all().forEach(refresh);
    }
  });
  // A page that replaces its content (htmx: the big screen) brings new faces.
  document.addEventListener("htmx:afterSettle", function (event) {
    init(event.detail && event.detail.elt ? event.detail.elt : document);
  });
})();

// refresh.js reloads a page made for a screen at the venue (a season's
// leaderboard on the projector) every data-refresh seconds of its <body>,
// while the page is shown; without JavaScript a noscript refresh does it.
(function () {
  "use strict";
  var seconds = parseInt(document.body.getAttribute("data-refresh"), 10);
  if (!(seconds > 0)) {
    return;
  }
  setInterval(function () {
    if (document.visibilityState === "visible") {
      window.location.reload();
    }
  }, seconds * 1000);
})();

// The review queue's 10-second refresh, made kind to keyboards and screen readers:
// focus stays on the element it was on (by id), new requests are announced in
// the live region, and the tab title carries the pending count.
(function () {
  "use strict";
  var body = document.getElementById("queue-body");
  if (!body) return;
  var live = document.getElementById("queue-live");
  var focusedId = null;

  function ids() {
    var list = body.querySelector(".queue-list");
    var raw = list ? list.getAttribute("data-ids") : "";
    return raw ? raw.split(" ") : [];
  }
  function setTitle() {
    var list = body.querySelector(".queue-list");
    var count = list ? list.getAttribute("data-count") : "0";
    var prefix = body.getAttribute("data-state") === "pending" ? "(" + count + ") " : "";
    document.title = prefix + body.getAttribute("data-title");
  }
  var known = ids();

  body.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    focusedId = active && body.contains(active) && active.id ? active.id : null;
  });
  body.addEventListener("htmx:afterSwap", function () {
    if (focusedId) {
      var again = document.getElementById(focusedId);
      if (again && document.activeElement !== again) again.focus({ preventScroll: true });
    }
    var now = ids();
    var fresh = now.filter(function (id) { return known.indexOf(id) === -1; }).length;
    if (fresh && live) {
      live.textContent = fresh + " new request" + (fresh === 1 ? "" : "s") + " in the queue, " + now.length + " pending.";
    }
    known = now;
    setTitle();
  });
  setTitle();
})();

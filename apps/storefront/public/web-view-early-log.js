// Inside the company's app only (docs/decisions/019; the root adds this script to the app's pages):
// keeps what the page logs before the web view's own chunk starts, hydration errors above all, for
// the debug console to pick up (app/web-view/debug-log.client.ts takes over from here). Plain ES5, no
// build step: it runs before any of the shop's modules.
(function () {
  var kept = [];
  window.__shopEarlyLog = kept;
  function keep(level, parts) {
    if (window.__shopEarlyLog !== kept) return;
    kept.push({ level: level, at: Date.now(), parts: parts });
    if (kept.length > 100) kept.shift();
  }
  ["error", "warn", "info", "log"].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      keep(level, Array.prototype.slice.call(arguments));
      return original.apply(console, arguments);
    };
  });
  window.addEventListener("error", function (event) {
    keep("error", [event.error || event.message]);
  });
  window.addEventListener("unhandledrejection", function (event) {
    keep("error", ["Unhandled:", event.reason]);
  });
})();

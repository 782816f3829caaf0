// Loaded first by the pages served to WebKit in the cross-browser tests (tests/browsers/drivers.mjs, injectErrors):
// WebKit's driver cannot read the console, so uncaught errors, rejected promises and console.error/warn calls are
// kept in window.__aslErrors for the test to read. Not part of the page: only the test server adds it.
(function collectErrors() {
  var errors = [];
  window.__aslErrors = errors;
  window.addEventListener('error', function onError(event) {
    errors.push('error: ' + (event.message || (event.target && event.target.src) || 'a resource failed to load'));
  }, true);
  window.addEventListener('unhandledrejection', function onRejection(event) {
    errors.push('unhandled rejection: ' + String(event.reason && event.reason.message ? event.reason.message : event.reason));
  });
  ['error', 'warn'].forEach(function wrap(kind) {
    var original = console[kind];
    console[kind] = function logged() {
      errors.push(kind + ': ' + Array.prototype.map.call(arguments, String).join(' '));
      return original.apply(console, arguments);
    };
  });
}());

(function () {
  var root = document.documentElement, errors = [];
  root.setAttribute('data-errors', '0');
  function record(message) {
    errors.push(String(message));
    root.setAttribute('data-errors', String(errors.length));
    root.setAttribute('data-error-messages', errors.join(' | '));
  }
  window.addEventListener('error', function (e) { record(e.message || 'error'); }, true);
  window.addEventListener('unhandledrejection', function (e) { record('unhandled rejection: ' + e.reason); });
  document.addEventListener('securitypolicyviolation', function (e) { record('CSP: ' + e.violatedDirective); });
  var original = console.error;
  console.error = function () {
    record(Array.prototype.slice.call(arguments).join(' '));
    return original.apply(console, arguments);
  };
})();

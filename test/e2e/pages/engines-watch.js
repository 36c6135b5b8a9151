// What went wrong on the page, for the engine run to read: the same in every engine,
// where a driver may not see the console.
window.__problems = [];
addEventListener('error', (e) => __problems.push('error: ' + e.message));
addEventListener('unhandledrejection', (e) =>
  __problems.push('unhandledrejection: ' + ((e.reason && e.reason.message) || e.reason)),
);
const consoleError = console.error.bind(console);
console.error = (...args) => {
  __problems.push('console.error: ' + args.map(String).join(' '));
  consoleError(...args);
};
// Every run starts a new conversation, whatever an earlier one left behind (unless the page
// follows a visit across pages: <html data-keep-storage>).
try {
  if (!document.documentElement.hasAttribute('data-keep-storage')) {
    localStorage.clear();
    sessionStorage.clear();
  }
} catch {
  // Storage may be blocked: nothing to clear.
}
// A Content-Security-Policy or Trusted Types violation is a problem too, reported or not.
addEventListener('securitypolicyviolation', (e) =>
  __problems.push('csp: ' + e.violatedDirective + ' ' + (e.blockedURI || '')),
);

// Inlined at the top of every benchmark page by the page server. Pages report through
// `window.__bench`: `painted(ready, name)` records when `ready()` first holds on a painted
// frame, `finish()` resolves `window.__bench.done`, which the driver awaits.
(function () {
  var settle;
  var bench = {
    marks: {},
    done: new Promise(function (resolve) {
      settle = resolve;
    }),
  };
  window.__bench = bench;

  // Checks `ready()` at each animation frame. A frame's callbacks run before its style, layout
  // and paint, so a task posted from the callback that sees the content runs once that frame
  // is painted: its time is the "painted" time, the same way for the widget and the baselines.
  bench.painted = function (ready, name) {
    return new Promise(function (resolve) {
      requestAnimationFrame(function check() {
        if (!ready()) {
          requestAnimationFrame(check);
          return;
        }
        var channel = new MessageChannel();
        channel.port1.onmessage = function () {
          bench.marks[name] = performance.now();
          resolve(bench.marks[name]);
        };
        channel.port2.postMessage(null);
      });
    });
  };

  // When each startChat request started and its response was fully received (ms since
  // navigation start), in order.
  bench.requests = function () {
    return performance
      .getEntriesByType('resource')
      .filter(function (entry) {
        return entry.name.indexOf('/startChat') !== -1;
      })
      .map(function (entry) {
        return { start: entry.startTime, end: entry.responseEnd };
      });
  };

  bench.finish = function (extra) {
    var result = { marks: bench.marks, requests: bench.requests() };
    for (var key in extra || {}) result[key] = extra[key];
    settle(result);
  };

  bench.fail = function (message) {
    settle({ error: String(message) });
  };
  // A widget that reports an error fails the run (a baseline page has no widget to report one).
  document.addEventListener('flowbot-error', function (event) {
    bench.fail('flowbot-error: ' + event.detail.error);
  });
  window.addEventListener('error', function (event) {
    bench.fail('page error: ' + event.message);
  });
  window.addEventListener('unhandledrejection', function (event) {
    bench.fail('unhandled rejection: ' + String(event.reason));
  });
})();

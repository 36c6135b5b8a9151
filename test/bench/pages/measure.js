// Inlined at the top of every benchmark page by the page server. Pages report through
// `window.__bench`: `painted(ready, name)` records when `ready()` first holds on a painted
// frame, `finish()` resolves `window.__bench.done`, which the driver awaits; the helpers between
// them are what several pages do alike.
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

  // `run(host)` in the task in which a widget (`host`) announces its first message.
  // Calls `run` with the widget whose first bot message is shown: the first frame it is in the
  // widget's shadow root (an inline widget's first turn is drawn before the widget's code, whose
  // events come with that code), or the widget's `flowbot-message`, whichever comes first.
  bench.onFirstMessage = function (run) {
    var done = false;
    var go = function (host) {
      if (done) return;
      done = true;
      run(host);
    };
    document.addEventListener(
      'flowbot-message',
      function (event) {
        go(event.target);
      },
      { capture: true, once: true },
    );
    (function look() {
      if (done) return;
      var hosts = document.querySelectorAll('flowbot-chat');
      for (var i = 0; i < hosts.length; i++)
        if (hosts[i].shadowRoot && hosts[i].shadowRoot.querySelector('[part~="bot-message"]')) return go(hosts[i]);
      requestAnimationFrame(look);
    })();
  };

  // The first painted frame on which `host` shows `count` bot messages, marked as `name`.
  bench.botMessages = function (host, count, name) {
    return bench.painted(function () {
      return host.shadowRoot && host.shadowRoot.querySelectorAll('[part~="bot-message"]').length >= count;
    }, name);
  };

  // Watches long tasks from now on; returns the longest that began once `marks.streamStart` was set
  // (the page's and the widget's start are not the stream's).
  bench.streamTasks = function () {
    var longest = 0;
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        var start = bench.marks.streamStart;
        if (start !== undefined && entry.startTime >= start && entry.duration > longest) longest = entry.duration;
      });
    }).observe({ type: 'longtask', buffered: false });
    return function () {
      return longest;
    };
  };

  // A baseline's request: a POST of `body` as JSON to the viewer at `url`, as the widget sends it.
  bench.post = function (url, body) {
    return fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
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

// Inlined after measure.js at the top of the answer pages (widget-answer.html, floor-answer.html), so
// its observers see the page from its first task. The page calls `loaded()` once its first bot
// message is painted, `watchAnswer(bubble)` with a function that finds the visitor's bubble, and
// `answered()` once the answer's round trip is over; the driver waits for `ready`, types the answer,
// waits for `settled()`, presses Enter and awaits `done`. What it reports (in `marks`, ms or scores):
//   longestLoadTask   the longest long task (over 50 ms) that began before the first bot message was
//                     painted; 0 when there was none
//   scriptLoadTask    the same among the tasks that ran the widget's code (the floor's: its script
//                     file's), not the page's own (its parsing, its inline scripts); see `ranScripts`
//   scriptTaskToEnter the same from the first bot message to the Enter (the widget's code arriving
//                     after a first turn the script tag drew, and its taking over)
//   layoutShift       the sum of the document's layout-shift values without recent input, load and
//                     answer (shifts within 500 ms of an input are the visitor's doing, not the page's)
//   layoutShiftAll    the same sum with those too
//   enterInp          the Enter's interaction latency: the longest Event Timing duration of its keydown,
//                     keypress and keyup; 8 when none reached the 16 ms threshold (durations come in
//                     8 ms steps, so the interaction took 8 ms or less)
//   enterToFrame      from the Enter's keydown to the frame that paints the visitor's bubble
//   enterToNextFrame  from the Enter's keydown to the start of the frame after it
// and beside them `shifted`: what moved in the shifts counted.
(function () {
  var bench = window.__bench;
  var ENTER_KEYS = ['keydown', 'keypress', 'keyup'];
  // Event Timing rounds durations to 8 ms and reports none under its threshold.
  var DURATION_THRESHOLD = 16;
  var UNDER_THRESHOLD = DURATION_THRESHOLD - 8;

  var longTasks = [];
  var shifts = [];
  var events = [];
  var observe = function (options, into) {
    new PerformanceObserver(function (list) {
      into.push.apply(into, list.getEntries());
    }).observe(options);
  };
  observe({ type: 'longtask', buffered: true }, longTasks);
  observe({ type: 'layout-shift', buffered: true }, shifts);
  observe({ type: 'event', durationThreshold: DURATION_THRESHOLD, buffered: true }, events);
  var firstInput = [];
  observe({ type: 'first-input', buffered: true }, firstInput);
  // The scripts each frame ran (Long Animation Frames), which say whose code a long task ran.
  var frameScripts = [];
  observe({ type: 'long-animation-frame', buffered: true }, frameScripts);

  var markReady;
  bench.ready = new Promise(function (resolve) {
    markReady = resolve;
  });
  var markAnswered;
  var answered = new Promise(function (resolve) {
    markAnswered = resolve;
  });

  var frames = function (count) {
    return new Promise(function (resolve) {
      requestAnimationFrame(function next() {
        if (--count > 0) requestAnimationFrame(next);
        else resolve();
      });
    });
  };

  /** Called by the page once its first bot message is painted (`marks.firstMessage`). */
  bench.loaded = function () {
    markReady();
  };

  /** Called by the page once the answer's round trip is over and its outcome is on screen. */
  bench.answered = function () {
    markAnswered();
  };

  /**
   * Resolves once the page is quiet: two frames, then an idle moment, as when a visitor has finished
   * typing (a half-done update of the typed text must not land in the Enter's figures).
   */
  bench.settled = function () {
    return frames(2).then(function () {
      return new Promise(function (resolve) {
        requestIdleCallback(resolve, { timeout: 500 });
      });
    });
  };

  /**
   * Watches the frames that follow the Enter for the visitor's bubble (`bubble()` returns it, or
   * nothing before it exists).
   *
   * Each frame's callback records its time (performance.now(): when the frame's rendering work
   * really started, which a busy main thread makes later than the frame's nominal start) and posts a
   * task that runs once that frame's rendering (the other callbacks, style, layout, paint) is over:
   * the first such task that finds the bubble connected and laid out names the frame that painted
   * it, also when the page added the bubble in one of that frame's own callbacks, after ours.
   *
   * That frame's callback time is the figure (`enterToFrame`): it counts frames, as a visitor sees
   * them. A bubble drawn in the first frame after the keydown scores less than one frame interval
   * (16.7 ms) on an idle main thread; one drawn a frame later scores up to twice that. The frame's
   * paint ends later, at a moment no script sees; the next frame's start bounds it
   * (`enterToNextFrame`), about one frame interval later whatever the page does, so it is reported
   * beside the figure but is not what the pages are compared on.
   */
  bench.watchAnswer = function (bubble) {
    var painted = new Promise(function (resolve) {
      window.addEventListener(
        'keydown',
        function onKeydown(event) {
          if (event.key !== 'Enter') return;
          window.removeEventListener('keydown', onKeydown, true);
          var pressed = event.timeStamp;
          bench.marks.enter = pressed;
          var times = [];
          var found = -1;
          requestAnimationFrame(function frame() {
            var index = times.push(performance.now()) - 1;
            if (found >= 0 && index > found) {
              bench.marks.enterToFrame = times[found] - pressed;
              bench.marks.enterToNextFrame = times[found + 1] - pressed;
              resolve();
              return;
            }
            requestAnimationFrame(frame);
            var channel = new MessageChannel();
            channel.port1.onmessage = function () {
              if (found >= 0) return;
              var element = bubble();
              if (element && element.isConnected && element.getBoundingClientRect().height > 0) found = index;
            };
            channel.port2.postMessage(null);
          });
        },
        true,
      );
    });
    Promise.all([painted, answered])
      .then(enterReported)
      .then(function () {
        return frames(10);
      })
      .then(finish, bench.fail);
  };

  // Event Timing reports an interaction once its frame is presented, frames later. The Enter is the
  // page's first input (the answer is typed with no key), so its `first-input` entry, which no
  // threshold holds back, says when the keydown's entries are out; the keyup's follow within a few
  // frames. Two seconds of frames at most, should a page have taken some other input first.
  function enterReported() {
    return new Promise(function (resolve) {
      var left = 120;
      requestAnimationFrame(function check() {
        if (firstInput.length || --left <= 0) resolve();
        else requestAnimationFrame(check);
      });
    });
  }

  /**
   * Whether a long task ran a script file's code: a script the frames report (those of 5 ms or
   * more) that started within the task and is not the page's own inline code. A callback the
   * browser calls without a script of its own (a promise's `resolve` given to a message port, as
   * the widget's `nextTask`) has no URL: it is a file's too, as the page's inline code makes none.
   */
  function ranScripts(task) {
    var end = task.startTime + task.duration;
    return frameScripts.some(function (frame) {
      return frame.scripts.some(function (script) {
        return (
          script.startTime >= task.startTime - 1 &&
          script.startTime < end &&
          script.sourceURL.split('#')[0] !== location.href
        );
      });
    });
  }

  function longestOf(from, to, which) {
    var longest = 0;
    longTasks.forEach(function (task) {
      if (task.startTime >= from && task.startTime < to && task.duration > longest && which(task))
        longest = task.duration;
    });
    return longest;
  }

  function finish() {
    var marks = bench.marks;
    var any = function () {
      return true;
    };
    marks.longestLoadTask = longestOf(0, marks.firstMessage, any);
    marks.scriptLoadTask = longestOf(0, marks.firstMessage, ranScripts);
    marks.scriptTaskToEnter = longestOf(marks.firstMessage, marks.enter, ranScripts);

    var kept = 0;
    var all = 0;
    var shifted = [];
    shifts.forEach(function (shift) {
      all += shift.value;
      if (shift.hadRecentInput) return;
      kept += shift.value;
      (shift.sources || []).forEach(function (source) {
        var name = describe(source.node);
        if (shifted.indexOf(name) === -1) shifted.push(name);
      });
    });
    marks.layoutShift = kept;
    marks.layoutShiftAll = all;

    var inp = 0;
    events.forEach(function (entry) {
      // Every key event since the Enter's keydown is the Enter's: the answer was typed with no key.
      if (!entry.interactionId || ENTER_KEYS.indexOf(entry.name) === -1 || entry.startTime < marks.enter - 1) return;
      if (entry.duration > inp) inp = entry.duration;
    });
    marks.enterInp = inp || UNDER_THRESHOLD;
    bench.finish({ shifted: shifted });
  }

  // Which element moved, for the report: `flowbot-chat (inside)` for the widget's own nodes.
  function describe(node) {
    if (!node) return '(removed)';
    if (node.nodeType === 11 && node.host) return describe(node.host) + ' (inside)';
    if (node.nodeType !== 1) return describe(node.parentNode);
    var root = node.getRootNode();
    if (root !== document && root.host) return describe(root.host) + ' (inside)';
    return node.localName + (node.id ? '#' + node.id : '') + (node.className ? '.' + node.className : '');
  }
})();

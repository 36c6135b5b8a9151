/** How long the page's main thread was blocked while something ran (PerformanceObserver `longtask`, Chromium). */

/**
 * Runs `work` while watching for long tasks; returns the longest one's duration (0 when none).
 * `after: 'paint'` starts watching only once what came before is laid out and painted, and 100 ms
 * have passed (the answer a test has just shown, say), not just after the calling task.
 */
export async function longestTask(
  work: () => Promise<void>,
  { after = 'task' }: { after?: 'task' | 'paint' } = {},
): Promise<number> {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  // The test's own preparation (a body of megabytes built and parsed once, say) runs in the task
  // that calls this: it ends first, so that only the widget's tasks are measured.
  if (after === 'paint') {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
  } else {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  observer.observe({ type: 'longtask', buffered: false });
  try {
    await work();
    // Layout and paint of what was just rendered, then the observer's delivery.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const entry of observer.takeRecords()) durations.push(entry.duration);
  } finally {
    observer.disconnect();
  }
  return Math.max(0, ...durations);
}

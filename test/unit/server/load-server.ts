/**
 * The reference server in a child process of the load test, so its memory is measured alone.
 * argv[2]: the server options as JSON. Over IPC it sends `{ url }` once listening, answers
 * `'memory'` with `{ rss, heapUsed, sessions, uploads }`, and stops on `'stop'`.
 */
import { startReferenceServer, type ReferenceServerOptions } from '../../../src/server/index.js';

const options = JSON.parse(process.argv[2] ?? '{}') as ReferenceServerOptions;
const server = await startReferenceServer({ port: 0, host: '127.0.0.1', ...options });
process.send?.({ url: server.url });
process.on('message', (message) => {
  if (message === 'memory') {
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({
      rss,
      heapUsed,
      sessions: server.state.sessions.size,
      uploads: server.state.uploads.bytes,
      started: server.state.stats.sessionsStarted,
    });
  } else if (message === 'stop') {
    void server.close().finally(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));

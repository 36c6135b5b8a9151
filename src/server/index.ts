/**
 * Node entry of the reference server (`flowbot-chat/server`).
 *
 * @example
 * ```ts
 * import { startReferenceServer } from 'flowbot-chat/server';
 * const server = await startReferenceServer({ port: 0 });
 * // server.url → "http://127.0.0.1:54321", server.token, server.seed.publicId → "demo"
 * await server.close();
 * ```
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createReferenceApp, type ReferenceAppOptions } from './app.js';
import type { ReferenceSeed, ReferenceState } from './state.js';

export { createReferenceApp, DEFAULT_BODY_LIMIT } from './app.js';
export type { ReferenceApp, ReferenceAppOptions } from './app.js';
export { DEFAULT_TOKEN, GUEST_VIEW_FEATURE } from './state.js';
export type { ReferenceSeed, ReferenceState } from './state.js';
export { defineFlow, shippedFlows } from './flows.js';
export type { FlowAction, FlowBlock, FlowCondition, FlowDefinition, FlowInput, FlowItem, FlowMessage, FlowRoute } from './flows.js';
export { FaultQueue, parseFaultSpec, FAULT_HEADER } from './faults.js';
export type { FaultOptions, FaultSpec } from './faults.js';
export { DEFAULT_RETRY_MESSAGE, DEFAULT_SESSION_TTL_MS } from './flow-engine.js';

/** The port `startReferenceServer` uses when none is given. */
export const DEFAULT_PORT = 8787;

/** Options of `startReferenceServer`. */
export interface ReferenceServerOptions extends ReferenceAppOptions {
  /** Port to listen on; 0 picks a free one. Default 8787. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
}

/** A running reference server. */
export interface RunningReferenceServer {
  /** Base URL, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  url: string;
  /** The seeded account's access token. */
  token: string;
  /** The fixed ids of the seeded data. */
  seed: ReferenceSeed;
  /** The live state (`state.faults` injects faults). */
  state: ReferenceState;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** Starts the reference server on `host:port` with fresh seeded state. */
export function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const { port = DEFAULT_PORT, host = '127.0.0.1', ...appOptions } = options;
  const { app, token, seed, state } = createReferenceApp(appOptions);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        token,
        seed,
        state,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}

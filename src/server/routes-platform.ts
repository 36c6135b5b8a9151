/**
 * The platform routes behind a bearer token (4.1–4.8), a file per resource group: accounts and
 * lessons, widgets, the web import, plugins (functions and credentials), fallbacks; the access
 * checks they share in `platform-access.ts`.
 */
import type { Hono } from 'hono';
import { platformAccess } from './platform-access.js';
import { mountAccountsAndLessons } from './platform-accounts.js';
import { mountFallbacks } from './platform-fallbacks.js';
import { mountPlugins } from './platform-plugins.js';
import { mountWebImport } from './platform-web-import.js';
import { mountWidgets } from './platform-widgets.js';
import type { ReferenceState } from './state-types.js';

/** Mounts the platform routes on `app`; `timeZone` is the platform's (see `ReferenceAppOptions.timeZone`). */
export function mountPlatform(app: Hono, state: ReferenceState, timeZone: string): void {
  const access = platformAccess(state);
  mountAccountsAndLessons(app, state, access, timeZone);
  mountWidgets(app, state, access);
  mountWebImport(app, state, access);
  mountPlugins(app, state, access);
  mountFallbacks(app, state, access);
}

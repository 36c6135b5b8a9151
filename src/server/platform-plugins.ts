/** The platform's plugin routes (4.5 a unit's functions, 4.6 a unit's credentials). */
import type { Hono } from 'hono';
import type { Credential, FunctionList } from '../api/schemas/index.js';
import type { PlatformAccess } from './platform-access.js';
import type { ReferenceState } from './state-types.js';

/** Mounts 4.5 and 4.6 on `app`. */
export function mountPlugins(app: Hono, state: ReferenceState, { authenticate, unitFor }: PlatformAccess): void {
  app.get('/api/v1/functions/unity/:id', (c) => {
    const unit = unitFor(authenticate(c), c.req.param('id'));
    const items = [...state.functions.values()].filter((f) => f.unityId === unit.id);
    const result: FunctionList = {
      items,
      pluginCount: items.length,
      activeCount: items.filter((f) => f.status && f.isActivated).length,
      pluginLimit: unit.pluginLimit,
    };
    return c.json(result);
  });

  const integrationOut = (integrationId: string) => {
    const { iconId, ...integration } = state.integrations.get(integrationId)!;
    return { ...integration, iconId, icon: state.iconFiles.get(iconId) ?? null };
  };

  app.get('/api/v1/credential/unity/:id', (c) => {
    const unit = unitFor(authenticate(c), c.req.param('id'));
    const items: Credential[] = [...state.credentials.values()]
      .filter((credential) => credential.unityId === unit.id)
      .map((credential) => ({ ...credential, integration: integrationOut(credential.integrationId) }));
    return c.json({ items });
  });
}

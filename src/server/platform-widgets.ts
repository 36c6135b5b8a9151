/** The platform's widget route (4.3 duplicate widget: the widget and its bot, copied). */
import type { Context, Hono } from 'hono';
import { WidgetDuplicateSchema, type Bot, type Widget } from '../api/schemas/index.js';
import { ApiError, parseBody, readJson } from './error-responses.js';
import { idKey, type PlatformAccess } from './platform-access.js';
import type { ReferenceState } from './state-types.js';

/** Mounts 4.3 on `app` (with and without the trailing slash). */
export function mountWidgets(app: Hono, state: ReferenceState, { authenticate, assertMember }: PlatformAccess): void {
  const widgetOut = (widgetId: string): Widget => {
    const { botId, unityId, ...widget } = state.widgets.get(widgetId)!;
    const { pluginLimit: _limit, ...unity } = state.units.get(unityId)!;
    return { ...widget, Bot: state.bots.get(botId)!, unity };
  };

  const duplicateWidget = async (c: Context) => {
    const account = authenticate(c);
    const { id } = parseBody(WidgetDuplicateSchema, await readJson(c), 'widget duplicate');
    const widget = state.widgets.get(idKey(id));
    if (!widget) throw new ApiError(404, `Widget "${id}" does not exist.`);
    assertMember(account, widget.institutionId, 'widget');
    const bot = state.bots.get(widget.botId)!;
    const botId = crypto.randomUUID();
    const botCopy: Bot = {
      ...structuredClone(bot),
      id: botId,
      creatorId: account.id,
      name: `${bot.name} (copy)`,
      botGenAI: bot.botGenAI?.map((genAI) => ({ ...structuredClone(genAI), id: crypto.randomUUID(), botId })) ?? null,
      botMonetization: bot.botMonetization
        ? { ...structuredClone(bot.botMonetization), id: crypto.randomUUID() }
        : null,
    };
    const widgetCopy = { ...structuredClone(widget), id: crypto.randomUUID(), title: `${widget.title} (copy)`, botId };
    state.bots.set(botId, botCopy);
    state.widgets.set(widgetCopy.id, widgetCopy);
    return c.json(widgetOut(widgetCopy.id), 201);
  };
  app.post('/api/v1/widget/duplicate/', duplicateWidget);
  app.post('/api/v1/widget/duplicate', duplicateWidget);
}

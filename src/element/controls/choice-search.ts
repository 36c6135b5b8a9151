/**
 * The search of a choice input with `isSearchable` (on demand: few choices have one): the items
 * the query matches, and the field. Enter picks the one item left, or the one the visitor typed
 * in full ("Niger" among "Niger" and "Nigeria"); in a multiple choice the search then empties for
 * the next item.
 */
import { html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChoiceItem } from '../../protocol/answers.js';
import type { InputContext } from '../../render/inputs/context.js';

/** The items `ctx.draft.query` matches, and the search field that edits it. */
export function renderChoiceSearch<T extends ChoiceItem>(
  items: readonly T[],
  ctx: InputContext,
  label: string,
  multiple: boolean,
  pick: (item: T) => void,
): { shown: readonly T[]; field: TemplateResult } {
  const { draft } = ctx;
  const query = draft.query.trim().toLocaleLowerCase();
  const shown = query ? items.filter((item) => item.content.toLocaleLowerCase().includes(query)) : items;
  const onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.isComposing || !query) return;
    event.preventDefault();
    const item = shown.length === 1 ? shown[0] : shown.find((one) => one.content.toLocaleLowerCase() === query);
    if (!item) return;
    if (multiple) {
      draft.selected.add(item.id);
      draft.query = '';
      ctx.changed();
    } else pick(item);
  };
  const field = html`<input
    part="input search"
    class="field search"
    type="search"
    autocomplete="off"
    aria-label=${label}
    placeholder=${label}
    .value=${live(draft.query)}
    @input=${(event: Event) => {
      draft.query = (event.target as HTMLInputElement).value;
      ctx.changed();
    }}
    @keydown=${onKeydown}
  />`;
  return { shown, field };
}

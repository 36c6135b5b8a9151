/**
 * What a picture choice adds to a choice (on demand, with its styles): its items, read with their
 * picture and description, and how each is drawn. A picture sends its `value`, else its title.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { isObject, text } from '../../protocol/json.js';
import { safeUrl } from '../../protocol/safe-url.js';
import type { ChatInput } from '../../protocol/types.js';
import type { PictureItem } from '../../render/on-demand-source.js';

/** The usable items of a picture choice: an id, and a title or a value. */
export function readPictureItems(input: ChatInput): PictureItem[] {
  return (input.items ?? []).filter(isObject).flatMap((raw): PictureItem[] => {
    const id = typeof raw.id === 'number' ? String(raw.id) : text(raw.id);
    const title = text(raw.title);
    const value = text(raw.value);
    const content = title ?? value;
    return id && content
      ? [
          {
            id,
            content,
            ...(value ? { value } : {}),
            picture: safeUrl(raw.pictureSrc),
            description: text(raw.description),
          },
        ]
      : [];
  });
}

/** The inside of a picture's button: the picture (letterboxed by the styles), its title, its description. */
export function renderPicture(item: PictureItem): TemplateResult {
  return html`${item.picture ? html`<img src=${item.picture} alt="" loading="lazy" />` : nothing}
    <strong>${item.content}</strong>
    ${item.description ? html`<span>${item.description}</span>` : nothing}`;
}

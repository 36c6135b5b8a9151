/** The Widget resource's suggested replies, read (loaded on demand: few conversations show them). */
import { isObject, text } from '../../protocol/json.js';

/**
 * The Widget resource's `defaultMessages` as reply texts: strings, or objects
 * with `text`, `content`, `message` or `label`; trimmed, without repeats, at
 * most eight.
 */
export function readSuggestions(list: unknown): string[] {
  const out = new Set<string>();
  for (const item of Array.isArray(list) ? list : []) {
    const value = isObject(item)
      ? ['text', 'content', 'message', 'label'].map((key) => text(item[key])).find(Boolean)
      : text(item);
    if (value) out.add(value.trim().slice(0, 200));
  }
  return [...out].slice(0, 8);
}

/**
 * Takes the access token out of an error before it leaves the client, at every
 * depth: messages and stacks, a server's echoed body, statusText and response
 * URL, validation issues, `cause` chains. Scrubbing messages is not enough: an
 * error is logged, inspected and serialised whole, so `JSON.stringify(err)`,
 * `util.inspect(err)` and `console.error(err)` must not find the token either.
 */
import { scrub } from './core.js';

/** Fields the client itself fills from fixed words, never from a request or a response. */
const OWN_WORDS = new Set<PropertyKey>(['name', 'operation', 'method']);
const MAX_DEPTH = 12;
const IN_PROGRESS = Symbol('in progress');

/** Prototypes whose methods work on a copy made with `Object.create` (no internal slots). */
function copyablePrototype(proto: object | null): boolean {
  if (proto === null || proto === Object.prototype) return true;
  if (proto === Error.prototype || proto === TypeError.prototype || proto === RangeError.prototype) return true;
  // DOMException (and its subclasses) read message and name from an internal slot a copy lacks.
  if (typeof DOMException === 'function' && proto === DOMException.prototype) return false;
  return proto instanceof Error && copyablePrototype(Object.getPrototypeOf(proto) as object | null);
}

/**
 * `value` with every string (and every key of a plain object) scrubbed of `tokens`. Plain objects,
 * arrays and errors are copied only where something changed (an untouched
 * `cause` stays the same object); a copied error keeps its prototype where it
 * can (so `instanceof` and the guards still work), else becomes a plain `Error`
 * of the same name. Any other object (a `Request`, `Headers`, a `Response`…)
 * could hold the token where this cannot see it: it is replaced by its tag,
 * such as `"[object Request]"`.
 */
export function redact<T>(value: T, tokens: readonly string[]): T {
  const secrets = tokens.filter((token) => token !== '');
  if (secrets.length === 0) return value;
  // Tokens are visible ASCII: an ellipsis never occurs in one.
  const clean = (text: string) =>
    secrets.reduce((out, token) => scrub(out, token, /[*]/.test(token) ? '\u2026' : '***'), text);
  const seen = new Map<object, unknown>();

  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return clean(node);
    if (typeof node !== 'object' || node === null) return node;
    if (seen.has(node)) {
      const done = seen.get(node);
      return done === IN_PROGRESS ? '[Circular]' : done;
    }
    if (depth > MAX_DEPTH) return '[…]';
    const isError = node instanceof Error;
    const proto = Object.getPrototypeOf(node) as object | null;
    if (!Array.isArray(node) && !isError && proto !== Object.prototype && proto !== null) {
      return Object.prototype.toString.call(node);
    }
    seen.set(node, IN_PROGRESS);
    let result: unknown;
    if (Array.isArray(node)) {
      const copy = node.map((item) => walk(item, depth + 1));
      result = copy.some((item, i) => item !== node[i]) ? copy : node;
    } else {
      // An error's message and stack may live on its prototype (DOMException): read them too.
      const keys = new Set<PropertyKey>(Reflect.ownKeys(node));
      if (isError) for (const key of ['name', 'message', 'stack']) keys.add(key);
      const keepProto = copyablePrototype(proto);
      let changed = false;
      const descriptors: PropertyDescriptorMap = {};
      for (const key of keys) {
        const own = Object.getOwnPropertyDescriptor(node, key);
        let item: unknown;
        try {
          item = own && 'value' in own ? own.value : Reflect.get(node, key);
        } catch {
          changed = true;
          continue;
        }
        // An error's own keys are the client's vocabulary; a body's keys are the server's.
        const cleanKey = typeof key === 'string' && !isError ? clean(key) : key;
        const cleanItem = isError && OWN_WORDS.has(key) ? item : walk(item, depth + 1);
        if (cleanKey !== key || cleanItem !== item || (own !== undefined && !('value' in own))) changed = true;
        if (own === undefined && cleanItem === item && keepProto) continue;
        descriptors[cleanKey] = {
          value: cleanItem,
          enumerable: own?.enumerable ?? false,
          writable: true,
          configurable: true,
        };
      }
      result = changed ? Object.create(keepProto ? proto : Error.prototype, descriptors) : node;
    }
    seen.set(node, result);
    return result;
  };

  return walk(value, 0) as T;
}

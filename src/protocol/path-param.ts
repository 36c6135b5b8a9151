/**
 * One path parameter (an id that goes in a URL): how it is encoded, and what
 * keeps a value from being one. Imports nothing, so the schemas and readers
 * that check ids can use it.
 */

/** Encodes one path parameter; `''` for text that is not well-formed Unicode (which `checkPathParams` refuses). */
export function segment(value: string | number): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '';
  }
}

/** What keeps `value` from being a path segment (see `checkPathParams`), or '' when it can be one. */
export function pathParamProblem(value: unknown): string {
  return typeof value === 'number'
    ? Number.isSafeInteger(value) && value >= 0
      ? ''
      : 'must be a whole number'
    : typeof value !== 'string' || value.trim() === ''
      ? 'is required (a non-empty string)'
      : value === '.' || value === '..'
        ? 'must not be "." or ".."'
        : !segment(value)
          ? 'must be well-formed Unicode'
          : '';
}

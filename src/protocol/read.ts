/**
 * What reading an untrusted value gives: the value, or the problems found in
 * it. Hand-written readers (`turn.ts`) and the client's schema readers share
 * these shapes, so a reader of either kind fits wherever one is taken.
 */

/** A field-level problem: a dotted path (`tag.2`) and what is wrong with it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** What a reader makes of a value: the value, or what is wrong with it. */
export type Read<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Reads an untrusted value: what it is, or what is wrong with it. */
export type Reader<T> = (value: unknown) => Read<T>;

/** Readers of the full client's valibot schemas, for the requests' core (which knows no schema library). */
import * as v from 'valibot';
import type { Reader } from '../transport/core.js';
import { toFieldIssues } from '../../protocol/schemas.js';

/** A reader (what the requests' core takes) of a valibot schema. */
export function reader<S extends v.GenericSchema>(schema: S): Reader<v.InferOutput<S>> {
  return (value) => {
    const result = v.safeParse(schema, value);
    return result.success ? { ok: true, value: result.output } : { ok: false, issues: toFieldIssues(result.issues) };
  };
}

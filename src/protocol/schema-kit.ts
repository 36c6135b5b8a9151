/** The building blocks the schema modules share (internal: not re-exported). */
import * as v from 'valibot';

export const str = v.string();
export const num = v.number();
export const bool = v.boolean();
export const uuid = v.pipe(v.string(), v.uuid('must be a UUID'));
/** An optional field: absent, `undefined` or `null`. */
export const opt = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);

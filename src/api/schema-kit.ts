/** The building blocks both schema modules share (internal: not re-exported). */
import * as v from 'valibot';

export const str = v.string();
export const num = v.number();
export const bool = v.boolean();
/** An optional field: absent, `undefined` or `null`. */
export const opt = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);


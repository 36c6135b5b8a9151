/** Input types whose control is loaded on demand (see `lazy.ts`): one list for the loader and the module. */
export const LAZY_INPUT_TYPES = [
  'number input',
  'email input',
  'url input',
  'phone number input',
  'date input',
  'time input',
  'rating input',
  'cards',
  'file input',
  'payment input',
] as const;

export type LazyInputType = (typeof LAZY_INPUT_TYPES)[number];

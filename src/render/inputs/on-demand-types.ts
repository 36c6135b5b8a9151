/** Input types whose control is loaded on demand (see `../on-demand-source.ts`): one list for the picker and the module. */
export const ON_DEMAND_INPUT_TYPES = [
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

export type OnDemandInputType = (typeof ON_DEMAND_INPUT_TYPES)[number];

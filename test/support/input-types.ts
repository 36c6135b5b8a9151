/** Every input type of the viewer's protocol, as a flow's `input.type` names it. */
export const INPUT_TYPES = [
  'text input',
  'number input',
  'email input',
  'url input',
  'phone number input',
  'date input',
  'time input',
  'choice input',
  'picture choice input',
  'rating input',
  'file input',
  'payment input',
  'cards',
];

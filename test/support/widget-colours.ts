/** A Widget resource's colours with every pair set (primary, the bot's bubbles, the visitor's), for the theme tests. */
export const EVERY_PAIR = {
  primaryColor: '#7c3aed',
  secondaryColor: '#ffffff',
  primaryAIColor: '#fef3c7',
  secondaryAIColor: '#78350f',
  primaryUserColor: '#065f46',
  secondaryUserColor: '#ecfdf5',
};

/** docs/theming.md's dark theme, the custom properties the page sets (a subset of its rule). */
export const DARK = {
  '--flowbot-primary-color': '#818cf8',
  '--flowbot-on-primary-color': '#0f172a',
  '--flowbot-background-color': '#0f172a',
  '--flowbot-text-color': '#e2e8f0',
  '--flowbot-muted-color': '#94a3b8',
  '--flowbot-bot-bubble-color': '#1e293b',
  '--flowbot-bot-text-color': '#e2e8f0',
  '--flowbot-border-color': '#334155',
  '--flowbot-input-background-color': '#020617',
  '--flowbot-input-text-color': '#e2e8f0',
  '--flowbot-placeholder-color': '#94a3b8',
};

/**
 * The SHA-256 of each language's file beside the script tag (`flowbot-chat.lang-<file>.js`),
 * written in at build time: `flowbot-chat.languages.js`, whose own hash the widget's code carries.
 */
export const integrity: Readonly<Record<string, string>> = import.meta.env.FLOWBOT_LANGUAGE_INTEGRITY ?? {};

/** What the builds tell the code (see `vite.config.ts`). */
interface ImportMetaEnv {
  /** True in the script-tag build (`flowbot-chat.main.js` and its on-demand file), false or absent elsewhere. */
  readonly FLOWBOT_SCRIPT_TAG?: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** What the builds tell the code (see `vite.config.ts`). */
interface ImportMetaEnv {
  /** True in the script-tag build (`flowbot-chat.main.js` and its on-demand file), false or absent elsewhere. */
  readonly FLOWBOT_SCRIPT_TAG?: boolean;
  /** The script-tag file's build: the SHA-384 of the widget's code (`sha384-…`), which it loads. */
  readonly FLOWBOT_MAIN_INTEGRITY?: string;
  /** The widget code's build (script-tag path): the SHA-384 of its on-demand file, which it loads. */
  readonly FLOWBOT_ON_DEMAND_INTEGRITY?: string;
  /** The widget code's build (script-tag path): the SHA-384 of the answers' file, which it loads. */
  readonly FLOWBOT_ANSWERS_INTEGRITY?: string;
  /** The export's file (`flowbot-chat.export.js`): the answers' file carries its hash. */
  readonly FLOWBOT_EXPORT_INTEGRITY?: string;
  readonly FLOWBOT_PERSIST_INTEGRITY?: string;
  readonly FLOWBOT_CONTROLS_INTEGRITY?: string;
  /** The widget code's build (script-tag path): the SHA-384 of the invitation's file, which it loads. */
  readonly FLOWBOT_INVITE_INTEGRITY?: string;
  /** The widget code's build (script-tag path): the SHA-384 of the languages' hashes file, which it loads. */
  readonly FLOWBOT_LANGUAGES_INTEGRITY?: string;
  /** The languages' hashes file's build: the SHA-384 of each language's file, by file name stem. */
  readonly FLOWBOT_LANGUAGE_INTEGRITY?: Readonly<Record<string, string>>;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

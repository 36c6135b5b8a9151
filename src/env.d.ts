/** What the builds tell the code (see `vite.config.ts`). */
interface ImportMetaEnv {
  /** True in the script-tag build (`flowbot-chat.main.js` and its on-demand file), false or absent elsewhere. */
  readonly FLOWBOT_SCRIPT_TAG?: boolean;
  /**
   * The script-tag builds: the hash (`sha384-…` or `sha256-…`, see `hashFor` in `script-tag/files.ts`) of each file the one built loads, by its row's key
   * in `script-tag/files.ts` (`main` in the script-tag file, `rich`, `answers`… in the widget's code,
   * `export` in the answers' file). Each is written in where it is read; absent outside those builds.
   */
  readonly FLOWBOT_INTEGRITY: { readonly [key: string]: string | undefined };
  /** The languages' hashes file's build: the SHA-256 of each language's file, by file name stem. */
  readonly FLOWBOT_LANGUAGE_INTEGRITY?: Readonly<Record<string, string>>;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

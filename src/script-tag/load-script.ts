/**
 * How the script-tag path loads its other files (`flowbot-chat.main.js`,
 * then, on demand, `flowbot-chat.rich.js` and `flowbot-chat.answers.js`) so that only the bytes the build
 * hashed can run: each goes in as a module `<script>` with its hash (SHA-384 or SHA-256)
 * (`integrity`, written in by the build), which every engine refuses to run
 * when the file differs. An `import()` cannot carry a hash, and a
 * `modulepreload`'s hash is not checked everywhere; once the script has
 * loaded, an `import()` of the same URL hands over that same module, neither
 * fetched nor run again.
 *
 * Under Trusted Types a script's `src` takes a `TrustedScriptURL`: the policy
 * `flowbot-chat` makes one for these URLs and nothing else. The script-tag
 * file builds the loader; the widget's code borrows it (`LOAD_BESIDE`) for its
 * on-demand file, so the policy is created once and never leaves this closure.
 */

/**
 * Loads `file` (beside the script-tag file) when its bytes match `integrity`; resolves with its URL.
 * Without an `integrity` (a file the build gave no hash), nothing is fetched or run: refused as a changed file is.
 * `low`: fetched after what the page needs for its own first paint (the widget's code).
 */
export type LoadBeside = (file: string, integrity: string | undefined, low?: boolean) => Promise<string>;

/** A registered symbol: equal wherever it is made, so the widget's code finds the loader. */
export const LOAD_BESIDE = Symbol.for('flowbot-chat/load');

/** The one Trusted Types call made here (the DOM typings do not have them yet). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): string;
}
type WithTrustedTypes = {
  trustedTypes?: { createPolicy(name: string, rules: ScriptUrlPolicy): ScriptUrlPolicy };
};

/** A loader for the files beside `base` (the script-tag file's URL). */
export function loadBeside(base: string): LoadBeside {
  const urlOf = (file: string) => new URL(file, base).href;
  let policy: ScriptUrlPolicy | undefined;
  try {
    policy = (globalThis as WithTrustedTypes).trustedTypes?.createPolicy('flowbot-chat', {
      // Only the widget's files beside the script-tag file (each loaded with its hash); any other URL
      // gets none: its script fails, nothing runs.
      createScriptURL: (url) => (/^flowbot-chat\.[\w-]+\.js#*$/.test(url.replace(urlOf('.'), '')) ? url : ''),
    });
  } catch {
    // The page's CSP does not list the name: a plain URL still works unless it requires Trusted Types.
  }
  /**
   * The URL of each file's next try, after it did not run. A page keeps a module that failed to load
   * as failed: the next try asks for another URL, the same file's with one more `#` (a fragment is
   * never sent), so it is fetched again.
   */
  const next: Record<string, string> = {};
  return (file, integrity, low) =>
    new Promise((resolve, reject) => {
      const url = next[file] ?? urlOf(file);
      const notRun = (why: string): void => {
        next[file] = `${url}#`;
        console.error(`flowbot-chat: ${file} not run: ${why}`);
        reject(Error(why));
      };
      const failed = (): void => notRun('it failed its integrity check or did not load');
      // No hash (a file missing from the build's table) would let any bytes run: it is never fetched.
      if (!integrity) return failed();
      const script = document.createElement('script');
      // No `crossorigin` needed: a module script is always fetched with CORS, and with the
      // credentials `crossorigin="anonymous"` asks for, so its hash can be checked on any origin.
      script.type = 'module';
      script.integrity = integrity;
      if (low) script.fetchPriority = 'low';
      script.onload = () => resolve(url);
      // A file that differs from the build's is never run (nor is one that did not arrive).
      script.onerror = failed;
      try {
        script.src = policy?.createScriptURL(url) ?? url;
        document.head.append(script);
      } catch {
        // The page requires Trusted Types and does not allow our policy: nothing loads unchecked instead.
        notRun('allow its policy: trusted-types flowbot-chat');
      }
    });
}

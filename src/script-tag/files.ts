/**
 * The script tag's files, one row each, in the order they are built: each file carries the hash
 * (`hashFor`) of the files it loads (`loadedBy`), so those are built before it. Listed the other way round
 * (`dist/sri.json`, the README's self-hosting table), from the file the page loads first. `vite.config.ts` builds a file
 * per row (`vite build --mode <key>`), writing into each the hashes of the rows it loads
 * (`import.meta.env.FLOWBOT_INTEGRITY.<key>`); `tools/script-tag-build.ts` runs them in this order;
 * `tools/size.mjs` measures each against its budget and prints what it holds; the README's
 * self-hosting table is checked against it. What is fetched after the first files is called a part.
 *
 * Data only, nothing imports it at run time: the code that loads a part names its file and reads
 * its hash (see `element/on-demand/loader.ts`), the type `ScriptTagFile` keeping the name one of these.
 */
export interface ScriptTagFileRow {
  /** The build's mode and the key of its hash (`import.meta.env.FLOWBOT_INTEGRITY.<key>`). */
  readonly key: string;
  /** The built file, in `dist/`. */
  readonly file: string;
  /** Its entry module. */
  readonly entry: string;
  /** What it holds and when it is fetched: one line, printed with its size. */
  readonly holds: string;
  /** Its gzip budget in bytes (what is reached plus `HEADROOM`, see tools/size.mjs); none for the widget's code, counted with the first file. */
  readonly budget?: number;
  /** The row of the file that loads it and carries its hash; `page` for the one the page's script tag loads. */
  readonly loadedBy: string;
  /** The hand-over it leaves for the files it loads, or takes besides the widget code's (see tools/build-plugins.ts). */
  readonly gives?: 'answers' | 'rich';
  readonly takes?: 'answers' | 'rich';
  /**
   * The Trusted Types policies its code creates: a page that enforces Trusted Types allows these
   * names (`trusted-types …`), and no file creates another (the package's tests read the built files).
   */
  readonly policies?: readonly string[];
}

/**
 * The hash a file carries of the file `key` it loads: SHA-384 for the widget's code (which the
 * README's preload line pins with the same value), like the page's own line; SHA-256 for every other,
 * the same check in 20 characters fewer per hash (the widget's code carries nine: about 180 B fewer
 * before every first message).
 */
export const hashFor = (key: string): 'sha256' | 'sha384' => (key === 'main' ? 'sha384' : 'sha256');

export const SCRIPT_TAG_FILES = [
  {
    key: 'langs',
    // A file per language besides English (`src/i18n/<tag>.ts`), named by its tag in lower case.
    file: 'flowbot-chat.lang-<tag>.js',
    entry: 'src/i18n/<tag>.ts',
    holds: "a language's words and its answers' words: fetched only by a page in that language",
    // Each: the largest, Japanese, 2,146 B reached; with a phone field's two hints (about 60 B in
    // Japanese, whose words are escaped), 2,241 B. With the notice's and the consent's four (issue 46): 2,327 B.
    // With the earlier conversations' thirteen (issue 46 asks for their words in every language): 2,557 B.
    budget: 2_630,
    loadedBy: 'languages',
  },
  {
    key: 'languages',
    file: 'flowbot-chat.languages.js',
    entry: 'src/i18n/integrity.ts',
    holds: "the languages' hashes: fetched by a page in a language besides English",
    // 793 B reached; its thirteen hashes SHA-256 (they were SHA-384): 593 B.
    budget: 660,
    loadedBy: 'main',
  },
  {
    key: 'persist',
    file: 'flowbot-chat.persist.js',
    entry: 'src/element/persist/index.ts',
    holds:
      'remembering a conversation and the tabs in step: fetched by a widget with persist, or after an answer refused as expired',
    // With what ends a conversation the viewer no longer knows: 6,668 B reached; with the restore
    // (+137 B), the widget code's modules handed over: 5,507 B (5,463 B). Starting a remembered
    // conversation and going on with what it owes moved here from the widget's code (163 B fewer
    // before every first message, +222 B here; a page with persist loads both first): 5,685 B.
    // Keeping the conversation left among the earlier ones, within their bounds (issue 46, +223 B): 5,908 B.
    budget: 5_980,
    loadedBy: 'main',
  },
  {
    key: 'consent',
    file: 'flowbot-chat.consent.js',
    entry: 'src/element/consent/index.ts',
    holds:
      'the notice before a conversation and the consent it may ask for: fetched by a widget with notice or consent (another value than "required" to say it asks for nothing)',
    // Issue 46: the notice's text and safe links, Accept and Decline, the acceptance remembered with
    // persist, their words: 1,353 B reached. The refusal of another version's hand-over (issue 44) and no
    // empty composer under the notice while it asks: 1,421 B. Saying in the console that a consent other
    // than "required" asks for nothing (fetched for such a value too): 1,435 B reached.
    budget: 1_490,
    loadedBy: 'main',
  },
  {
    key: 'send',
    file: 'flowbot-chat.send.js',
    entry: 'src/element/send/index.ts',
    holds:
      "sending the visitor's answers: fetched by every widget once an input is shown, in idle time after its paint",
    // Issue 45: what the first turn does not need left the widget's code (continueChat, a reply's
    // failures, the offline answer, asking where a conversation stands): 1,050 B reached, 302 B
    // fewer before every first message (its hash and loader paid).
    budget: 1_120,
    loadedBy: 'main',
  },
  {
    key: 'dark',
    file: 'flowbot-chat.dark.js',
    entry: 'src/element/dark-mode/index.ts',
    holds:
      "the dark palette: fetched by a widget with color-scheme dark, or auto while the visitor's system prefers dark",
    // Worked out from the Widget resource's colours by the light theme's own code, bundled again
    // (color.ts, widget-theme.ts): 3,502 B reached. Refusing a widget's code built with another list of
    // handed-over modules (issue 44, about 30 B in each file that takes them): 3,572 B.
    budget: 3_640,
    loadedBy: 'main',
  },
  {
    key: 'invite',
    file: 'flowbot-chat.invite.js',
    entry: 'src/element/invitation/index.ts',
    holds:
      "the bubble's invitation: fetched by a bubble or popup with something to show while closed, else once the visitor comes near",
    // 4,660 B reached. Telling a site owner that one bubble hides another on the same spot (issue 43,
    // asked for only by a page with two bubbles): 4,844 B reached.
    budget: 4_910,
    loadedBy: 'main',
  },
  {
    key: 'history',
    file: 'flowbot-chat.history.js',
    entry: 'src/element/history/index.ts',
    holds:
      "the earlier conversations' list: fetched by the answers' file when the visitor of a widget with persist opens the menu",
    // Issue 46: the list over the panel, opening, deleting and forgetting, its English words, the
    // refusal of another version's hand-over (issue 44): 3,661 B reached.
    budget: 3_730,
    loadedBy: 'answers',
    takes: 'answers',
  },
  {
    key: 'export',
    file: 'flowbot-chat.export.js',
    entry: 'src/element/transcript-export/index.ts',
    holds: "the conversation as a document: fetched by the answers' file when the visitor opens the menu",
    // 1,861 B reached.
    budget: 1_930,
    loadedBy: 'answers',
    takes: 'answers',
  },
  {
    key: 'answers',
    file: 'flowbot-chat.answers.js',
    entry: 'src/element/answer-actions/index.ts',
    holds: 'what the visitor does with the answers: fetched by every widget in idle time after its first message',
    // The Portuguese answers' words left it for their language's file (10,010 B); the transcript walked
    // by keyboard, and the export's tools, thinking and sources (their reading handed over by the
    // on-demand part): 11,072 B reached (issue 33). A row's line drawn only where a visitor can use it
    // (pointed at, focused, touched, walked to, printed; the latest's back to waiting): 11,399 B reached.
    // The modules of the widget's code it uses handed over: 10,320 B reached. The conversation's
    // export (Download, `exportTranscript`) a file of its own, Copy's writer and the dates handed over to
    // it (the export's hash and loader, the hand-over: about 300 B): 9,197 B reached. Saying so when
    // the export's file did not load (51 B): 9,254 B reached. The transcript one Tab stop, a message
    // entered with Enter and gone round by Tab (issue 43, +395 B): 9,649 B reached. The menu's
    // Conversations (issue 46): its item and words, the list's loader and hash, drawn in the menu: 9,949 B.
    budget: 10_020,
    loadedBy: 'main',
    gives: 'answers',
  },
  {
    key: 'controls',
    file: 'flowbot-chat.controls.js',
    entry: 'src/element/controls/index.ts',
    holds: 'fetched when the input is a rarer control (fields, dates, files, rating, cards, payment, search, pictures)',
    // Their styles and words: 11,363 B reached; the modules of the widget's code it uses handed over,
    // not bundled again: 9,971 B reached (9,933 B). A phone field saying which country a number
    // without + is read in (+211 B): 10,144 B reached.
    budget: 10_210,
    loadedBy: 'main',
  },
  {
    key: 'math',
    file: 'flowbot-chat.math.js',
    entry: 'src/element/math/index.ts',
    holds: "formulas as MathML (Temml): fetched by the rich messages' file when an answer shows a formula",
    // Temml 0.13.5 as it is (KaTeX, measured the same way, is 77,428 B, its fonts and styles apart): 59,534 B reached.
    budget: 59_600,
    loadedBy: 'rich',
  },
  {
    key: 'highlight',
    file: 'flowbot-chat.highlight.js',
    entry: 'src/element/highlight/index.ts',
    holds:
      "a code block's colours (17 languages): fetched by the rich messages' file when an answer shows fenced code with a language",
    // A tokenizer of the widget's own (highlight.js 31 KB, Prism 21 KB, sugar-high 7 KB for the same
    // languages, see docs/answers-and-markdown.md): 4,257 B reached.
    budget: 4_330,
    loadedBy: 'rich',
  },
  {
    key: 'voice',
    file: 'flowbot-chat.voice.js',
    entry: 'src/element/voice/index.ts',
    holds: 'the voice: fetched by a widget whose Widget resource turns it on (voiceActive)',
    // Issue 45, point 4: the messages read aloud, the mute switch remembered, the header's switch: 907 B reached.
    budget: 980,
    loadedBy: 'main',
  },
  {
    key: 'media',
    file: 'flowbot-chat.media.js',
    entry: 'src/element/media/index.ts',
    holds: 'video, audio and embed messages: fetched by a conversation that shows one',
    // Issue 45, point 4: their reader (`protocol/media.ts`), their view and styles: 2,046 B reached.
    budget: 2_110,
    loadedBy: 'main',
  },
  {
    key: 'stream',
    file: 'flowbot-chat.stream.js',
    entry: 'src/element/stream/index.ts',
    holds:
      "a streamed answer and what an agent did around an answer: fetched with the rich messages' file by a conversation that streams an answer or shows an agent's",
    // Issue 45, point 4: its pieces by frame, its turn, its row, the agent's tool calls, thinking and
    // sources drawn, their styles; the markdown reader, its drawing and what an answer holds around its
    // text taken from the rich messages' file (`RICH_MODULES` in tools/build-plugins.ts): 8,100 B reached.
    budget: 8_170,
    loadedBy: 'main',
    takes: 'rich',
  },
  {
    key: 'rich',
    file: 'flowbot-chat.rich.js',
    entry: 'src/element/rich/index.ts',
    holds: 'fetched when a conversation shows markdown or streams an answer',
    // What an agent did (its tool calls, thinking and sources: their reader, drawing and styles, 2.8 KB)
    // joined it (issue 33); the Portuguese words left it for a file of their own; the storage of
    // `persist`, the tabs' sync and the expiry left it for flowbot-chat.persist.js (29,749 B reached);
    // the rarer controls for flowbot-chat.controls.js (20,265 B reached). A streamed answer's turn
    // joined it (+646 B), the widget code's modules it uses handed over: 19,572 B reached (19,575 B).
    // Issue 43: a site owner's mistakes in the console's words, a wide table's fade, the message walked
    // to by keyboard, asking the viewer where a conversation stands after a network error: 20,436 B.
    // Asking again back in the widget's code with the rest of sending, and Terser after the bundler:
    // 20,081 B reached. Issue 46: a formula and fenced code with a language read and drawn here, their
    // converters in files of their own, loaded and hash-checked from here (math +585 B, code +822 B):
    // 21,488 B reached. A formula converted once per message, its MathML copied when its list item or
    // table is drawn again as a stream grows (the limit of 200 counting formulas, not drawings): 21,551 B.
    // Opening a redirect's page left the widget's code for it (87 B fewer before every first message): 21,659 B.
    // Issue 45, point 4: a streamed answer and what an agent did drawn (their turn, rows, styles) left it for
    // flowbot-chat.stream.js, fetched with it; what an answer holds around its text read here and handed
    // over with the markdown: 15,333 B reached. Video, audio and embeds and the voice left it for files of their
    // own, flowbot-chat.media.js and flowbot-chat.voice.js (issue 45, point 4): 13,203 B reached. An
    // api-host with the interface's path on it named in the mistakes' words (+75 B): 13,214 B reached.
    budget: 13_270,
    loadedBy: 'main',
    gives: 'rich',
  },
  {
    key: 'main',
    file: 'flowbot-chat.main.js',
    entry: 'src/define.ts',
    holds: 'the widget, fetched by the script-tag file in parallel with the first request',
    loadedBy: 'iife',
    // Lit's, for the widget's templates (the on-demand files render with this Lit).
    policies: ['lit-html'],
  },
  {
    key: 'preview',
    file: 'flowbot-chat.preview.js',
    entry: 'src/element/preview/index.ts',
    holds:
      "a closed bubble's preview until the widget's code is wanted: fetched by the launcher's file for a bubble with a preview to show",
    // The card built as nodes, the invitation's styles and the element's properties and font (the
    // widget's own sheets, with Lit's `css` tag), the visit's record, the hand-over to the widget's
    // invitation (issue 45); a click on its close button no sign of intent: 4,264 B reached. The widget's
    // own `css` tag in place of Lit's (`theme/css.ts`): 3,944 B, the budget lowered from 4,330 B.
    budget: 3_990,
    loadedBy: 'launcher',
  },
  {
    key: 'open',
    file: 'flowbot-chat.open.js',
    entry: 'src/element/first-turn/open.ts',
    holds:
      "a tapped bubble's panel, opened with its first turn before the widget's code is there: fetched by the launcher's file with the tap",
    // Issue 45's cold tap: the first turn's panel (as `flowbot-chat.first.js` draws it, the same
    // modules), its close button, the dialog's roles, Escape and the focus as the widget's opening:
    // 12,190 B reached. Fetched only by a tap, beside the widget's code; the inline page pays nothing.
    // The icons' paths shared with the widget, its own `css` tag in place of Lit's: 11,861 B, the budget lowered from 12,260 B.
    budget: 11_910,
    loadedBy: 'launcher',
  },
  {
    key: 'launcher',
    file: 'flowbot-chat.launcher.js',
    entry: 'src/script-tag/launcher.ts',
    holds:
      "a closed bubble's launcher until the widget's code is wanted: fetched by the script tag for a page whose widgets are all closed bubbles or popups with nothing to show but a preview",
    // The launcher's button, styles and icon, the Widget resource's colours worked out as the widget
    // does (the colour maths, the icon's URL check), what counts as the visitor reaching for it, the
    // hand-over to the widget (issue 45): 3,992 B reached. A dark widget's code asked for at once (its
    // launcher is in the dark accent only the widget works out): 4,055 B. Taking the page's calls made
    // before it: 4,119 B. A bubble's preview (issue 45 asks the script tag to draw it: the bubble's row,
    // 12,288 B with a preview and 8,192 B without, has room): the preview's file fetched, with its hash,
    // and asked for the widget's code at once for a preview in a language the two files have no words
    // for: 4,350 B reached, the budget raised from 4,120 B. The tap's panel opened with its first turn
    // before the widget's code (issue 45's cold tap: the open file fetched with its hash, the launcher
    // opening and closing that panel as the widget's, Escape): 4,630 B reached, the budget raised from
    // 4,420 B within the same rows (7,415 B without a preview, 11,679 B with one).
    budget: 4_670,
    loadedBy: 'iife',
  },
  {
    key: 'first',
    file: 'flowbot-chat.first.js',
    entry: 'src/element/first-turn/index.ts',
    holds:
      "an inline widget's first turn until the widget's code is there: fetched by the script tag for an inline widget in English and light whose start it sent",
    // Issue 45, point 3: its messages and input as the widget's DOM, the widget's styles (Lit's css tag
    // alone), the colours worked out as the widget does, the answer read within the widget's limit,
    // the typing emulation's delays, the hand-over: 11,662 B reached. The start's answer read once and
    // handed on (not copied: WebKit holds the whole of a copied body that inflates without end): 11,815 B.
    // Which widgets it draws, one rule with the table of wanted files (a blank notice is none): 11,834 B.
    // The widget's own `css` tag in place of Lit's (`theme/css.ts`): 11,539 B, the budget lowered from 11,880 B.
    budget: 11_590,
    loadedBy: 'iife',
  },
  {
    key: 'iife',
    file: 'flowbot-chat.iife.js',
    entry: 'src/script-tag/embed.ts',
    holds: 'the script tag: starts the chat, fetches the widget',
    // See SCRIPT_BUDGET_GZIP in tools/size.mjs for its history. Issue 45's first turn (the choice of the
    // widgets it draws, its file's loader and hash; the launcher's hash SHA-256): 2,759 B reached, a
    // raise of 180 B this point 3 needs (the script tag draws the first turn), 22 KB fewer before
    // the first message of an inline widget. The early start's request no longer built for the widget (issue 44): 2,753 B.
    // A closed bubble's launcher fetched once the page's first paint is reported, not a frame after its
    // script ran (which came before that paint was on screen: Lighthouse then counts the launcher in
    // the page's paints): 2,813 B, paid for by the first turn's file (the first-turn page's budget lowered).
    budget: 2_820,
    loadedBy: 'page',
    // The script URLs of the files beside it, and nothing else (see load-script.ts).
    policies: ['flowbot-chat'],
  },
] as const satisfies readonly ScriptTagFileRow[];

/** The Trusted Types policies of the script tag's files, in build order: what a page's `trusted-types` allows. */
export const TRUSTED_TYPES: readonly string[] = SCRIPT_TAG_FILES.flatMap((row) =>
  'policies' in row ? row.policies : [],
);

/** The name of a file the widget's code or one of its parts loads (a language's aside). */
export type ScriptTagFile = Exclude<(typeof SCRIPT_TAG_FILES)[number]['file'], 'flowbot-chat.lang-<tag>.js'>;

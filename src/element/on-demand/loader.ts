/**
 * Where the on-demand files (`../rich/index.ts`, and the answers' `../answer-actions/index.ts`…)
 * come from: an ordinary dynamic import in the npm build; in the script-tag build, the files
 * `flowbot-chat.rich.js`, `flowbot-chat.stream.js`, `flowbot-chat.media.js`, `flowbot-chat.voice.js`, `flowbot-chat.controls.js`, `flowbot-chat.answers.js`, `flowbot-chat.invite.js`, `flowbot-chat.persist.js` and `flowbot-chat.send.js` beside the widget's code, each checked
 * against the hash the build wrote into that code, which renders with that code's own Lit (see
 * `script-tag/on-demand-file.ts`). The build sets
 * `import.meta.env.FLOWBOT_SCRIPT_TAG`, and the other branch is left out.
 */
import { addStrings, languageFile } from '../../i18n/lookup.js';
import { provideOnDemandRenderers } from '../../render/on-demand-source.js';
import { importOnDemandFile } from '../../script-tag/on-demand-file.js';
import type { ScriptTagFile } from '../../script-tag/files.js';
import { createLoader, type OnDemandLoader } from '../../script-tag/load-once.js';
import type { RichModule } from '../rich/index.js';
import type { StreamModule } from '../stream/index.js';
import type { MediaModule } from '../media/index.js';
import type { VoiceModule } from '../voice/index.js';
import type { AnswersModule } from '../answer-actions/index.js';
import type { InviteModule } from '../invitation/index.js';
import type { PersistModule } from '../persist/index.js';
import type { SendModule } from '../send/index.js';
import type { ConsentModule } from '../consent/index.js';
import type { ControlsModule } from '../controls/index.js';
import type { DarkModePart } from '../dark-mode/index.js';
import type { AnswerStrings, FlowbotStrings } from '../../i18n/strings.js';

/** A language's file (`i18n/<file>.ts`): its words, and the answers' words in it. */
interface LanguageModule {
  readonly strings: Readonly<Record<string, Partial<FlowbotStrings>>>;
  readonly answers: AnswerStrings;
}

/** A part that brings words: they join the strings before any of its renderers can run. */
const withStrings = <T extends Pick<LanguageModule, 'strings'>>(part: Promise<T>): Promise<T> =>
  part.then((loaded) => {
    addStrings(loaded.strings);
    return loaded;
  });

/**
 * The on-demand part, loaded once, the first time something needs it. It shows some English
 * words the first file of the script-tag build does not carry, and brings them.
 */
export const richFile = createLoader<RichModule>(() =>
  withStrings(
    import.meta.env.FLOWBOT_SCRIPT_TAG
      ? importOnDemandFile<RichModule>(
          'flowbot-chat.rich.js' satisfies ScriptTagFile,
          import.meta.env.FLOWBOT_INTEGRITY.rich,
        )
      : import('../rich/index.js'),
  ),
);

/**
 * A streamed answer and what an agent did around an answer: a file of its own, fetched with the rich
 * messages' file, whose markdown it draws with (it waits for that file's hand-over if it runs first).
 */
export const streamFile = createLoader<StreamModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? Promise.all([
        richFile.load(),
        importOnDemandFile<StreamModule>(
          'flowbot-chat.stream.js' satisfies ScriptTagFile,
          import.meta.env.FLOWBOT_INTEGRITY.stream,
        ),
      ]).then(([, stream]) => stream)
    : Promise.all([richFile.load(), import('../stream/index.js')]).then(([, stream]) => stream),
);

/** Video, audio and embed messages: a file of their own, the first time a conversation shows one. */
export const mediaFile = createLoader<MediaModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<MediaModule>(
        'flowbot-chat.media.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.media,
      )
    : import('../media/index.js'),
);

/** The voice: a file of its own, for a widget whose Widget resource turns it on. */
export const voiceFile = createLoader<VoiceModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<VoiceModule>(
        'flowbot-chat.voice.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.voice,
      )
    : import('../voice/index.js'),
);

/** The rarer controls, with their words: a file of their own, the first time a conversation's input needs one. */
export const controlsFile = createLoader<ControlsModule>(() =>
  withStrings(
    import.meta.env.FLOWBOT_SCRIPT_TAG
      ? importOnDemandFile<ControlsModule>(
          'flowbot-chat.controls.js' satisfies ScriptTagFile,
          import.meta.env.FLOWBOT_INTEGRITY.controls,
        )
      : import('../controls/index.js'),
  ),
);

/** The bubble's invitation: a file of its own (see `features.ts` for when). */
export const inviteFile = createLoader<InviteModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<InviteModule>(
        'flowbot-chat.invite.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.invite,
      )
    : import('../invitation/index.js'),
);

/** What the visitor does with the answers: a file of its own, after the first message. */
export const answersFile = createLoader<AnswersModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<AnswersModule>(
        'flowbot-chat.answers.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.answers,
      )
    : import('../answer-actions/index.js'),
);

/** Remembering the conversation and the tabs in step: a file of its own, for a widget with `persist`. */
export const persistFile = createLoader<PersistModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<PersistModule>(
        'flowbot-chat.persist.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.persist,
      )
    : import('../persist/index.js'),
);

/** Sending the visitor's answers: a file of its own, once an input is shown (the first turn needs none of it). */
export const sendFile = createLoader<SendModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<SendModule>(
        'flowbot-chat.send.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.send,
      )
    : import('../send/index.js'),
);

/** The notice before a conversation and its consent, with their words: a file of their own, for a widget with either. */
export const consentFile = createLoader<ConsentModule>(() =>
  withStrings(
    import.meta.env.FLOWBOT_SCRIPT_TAG
      ? importOnDemandFile<ConsentModule>(
          'flowbot-chat.consent.js' satisfies ScriptTagFile,
          import.meta.env.FLOWBOT_INTEGRITY.consent,
        )
      : import('../consent/index.js'),
  ),
);

/** The dark palette: a file of its own, for a widget that is dark (`color-scheme`). */
export const darkFile = createLoader<DarkModePart>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<DarkModePart>(
        'flowbot-chat.dark.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.dark,
      )
    : import('../dark-mode/index.js'),
);

/**
 * The hashes of the languages' files, beside the script tag: a file of their own
 * (`flowbot-chat.languages.js`, whose hash the widget's code carries), so that code carries one, not thirteen.
 */
const languageHashes = createLoader<{ integrity: Readonly<Record<string, string>> }>(() =>
  importOnDemandFile('flowbot-chat.languages.js' satisfies ScriptTagFile, import.meta.env.FLOWBOT_INTEGRITY.languages),
);

/** The npm build's languages: a chunk each (the script-tag build's are files beside it). */
const chunks: Readonly<Record<string, () => Promise<LanguageModule>>> = import.meta.env.FLOWBOT_SCRIPT_TAG
  ? {}
  : {
      'pt-br': () => import('../../i18n/pt-br.js'),
      es: () => import('../../i18n/es.js'),
      fr: () => import('../../i18n/fr.js'),
      de: () => import('../../i18n/de.js'),
      it: () => import('../../i18n/it.js'),
      nl: () => import('../../i18n/nl.js'),
      pl: () => import('../../i18n/pl.js'),
      tr: () => import('../../i18n/tr.js'),
      ja: () => import('../../i18n/ja.js'),
      'zh-cn': () => import('../../i18n/zh-cn.js'),
      ko: () => import('../../i18n/ko.js'),
      ar: () => import('../../i18n/ar.js'),
      he: () => import('../../i18n/he.js'),
    };

const languages = new Map<string, OnDemandLoader<void>>();

/**
 * Brings the words of `lang` (a language the widget ships), once per file: only a page in that
 * language fetches them, at once and beside everything else, never before the first message.
 */
export function loadLanguage(lang: string): Promise<void> {
  const file = languageFile(lang) ?? '';
  let loader = languages.get(file);
  if (!loader)
    languages.set(
      file,
      (loader = createLoader(() =>
        (import.meta.env.FLOWBOT_SCRIPT_TAG
          ? languageHashes.load().then(({ integrity }) =>
              // A file missing from the table is refused, not loaded unchecked.
              importOnDemandFile<LanguageModule>(`flowbot-chat.lang-${file}.js`, integrity[file]),
            )
          : chunks[file]!()
        ).then((part) => addStrings(part.strings, part.answers)),
      )),
    );
  return loader.load();
}

// The renderers draw what arrives with it.
provideOnDemandRenderers(richFile, controlsFile, streamFile, mediaFile, voiceFile);

/**
 * The widget's own words. A tiny catalogue keyed by language tag; the server's
 * labels (`options.labels`, system messages) always win over these.
 */

import { loadCatalogues, otherCatalogues } from './i18n-catalogues.js';
import type { FlowbotStrings } from './i18n-strings.js';

export type { FlowbotStrings } from './i18n-strings.js';

const en: FlowbotStrings = {
  progress: 'Progress',
  suggestions: 'Suggested replies',
  mute: 'Mute voice',
  openPage: 'Open the page',
  video: 'Video',
  audio: 'Audio',
  embed: 'Embedded content',
  image: 'Image',
  openLink: 'Open link',
  placeholder: 'Type your answer...',
  send: 'Send',
  restart: 'Restart',
  retry: 'Retry',
  notSent: 'Not sent',
  offline: 'You are offline. The chat goes on once the connection is back.',
  sending: 'Sending…',
  error: 'Something went wrong…',
  unavailable: 'This chat is unavailable',
  ended: 'The conversation has ended.',
  openChat: 'Open chat',
  closeChat: 'Close chat',
  chat: 'Chat',
  conversation: 'Conversation',
  search: 'Search…',
  choices: 'Choices',
  noMatches: 'No matches',
  typing: 'Bot is typing',
  newMessages: 'New messages ↓',
  loading: 'Loading…',
  invalidNumber: 'Enter a valid number',
  invalidEmail: 'Enter a valid e-mail address',
  invalidUrl: 'Enter a valid web address',
  invalidPhone: 'Enter a valid phone number',
  invalidDate: 'Enter a valid date',
  invalidTime: 'Enter a valid time',
  date: 'Date',
  time: 'Time',
  from: 'From',
  to: 'To',
  rating: 'Rating',
  dropFiles: 'Choose or drop files',
  remove: 'Remove',
  fileType: 'This type of file is not accepted',
  uploading: 'Uploading…',
  uploadFailed: 'The upload failed. Try again.',
  uploadUnavailable: 'Files cannot be uploaded here.',
  paymentUnsupported: 'Payments cannot be made in this chat.',
  skip: 'Skip',
  stop: 'Stop answering',
  unreadable: 'The reply could not be read. Retry to go on.',
  fileTooLarge: 'This file is larger than {size} MB',
  uploadOf: 'Upload of {name}',
  cancelUpload: 'Cancel',
  uploadCancelled: 'Upload cancelled. Your files are kept.',
  attach: 'Attach files',
  record: 'Record a voice message',
  stopRecording: 'Stop recording and send',
  recording: 'Recording…',
  voiceMessage: 'Voice message',
  noRecorder: 'This browser cannot record voice messages. You can type instead.',
  microphoneRefused: 'The microphone is not available. You can type instead.',
  dismissPreview: 'Dismiss',
  unreadOne: '1 unread message',
  unreadMany: '{count} unread messages',
};


const catalogue: Record<string, FlowbotStrings> = { en, ...otherCatalogues };

/** The language tags with their own strings. */
export const supportedLanguages: readonly string[] = ['en', 'pt-BR'];

/**
 * The strings for a BCP 47 tag: an exact match, else its primary language
 * (`pt-PT` → Portuguese), else English.
 */
export function stringsFor(lang: string | null | undefined): FlowbotStrings {
  const [tag, primary] = tagsOf(lang);
  return catalogue[tag] ?? catalogue[primary] ?? en;
}

function tagsOf(lang: string | null | undefined): [string, string] {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  return [tag, tag.split('-')[0] ?? ''];
}

/**
 * Fetches the strings of `lang` when they are not in this build (the
 * script-tag build loads other languages than English on demand); resolves
 * once `stringsFor(lang)` has them, to false when there is nothing to fetch.
 */
export async function fetchStringsFor(lang: string | null | undefined): Promise<boolean> {
  const [tag, primary] = tagsOf(lang);
  if (catalogue[tag] || catalogue[primary] || !loadCatalogues) return false;
  const more = await loadCatalogues();
  Object.assign(catalogue, more);
  return !!(more[tag] || more[primary]);
}

/**
 * Every word of the widget in English, the default language (see `lookup.ts`), in the parts each
 * file takes: its first file's, the on-demand part's, the controls' and the answers'.
 */
import type { AnswerStrings, FlowbotStrings, HistoryStrings } from './strings.js';

/**
 * The words the widget's first file can show: its chrome, the transcript, the
 * composer and the controls it always has. The script-tag build's widget code
 * carries only these; the rest arrive with the on-demand part, before any
 * renderer of it runs (`size.mjs` checks that code reads none of them).
 */
export const enFirst = {
  progress: 'Progress',
  suggestions: 'Suggested replies',
  video: 'Video',
  audio: 'Audio',
  image: 'Image',
  openLink: 'Open link',
  copyCode: 'Copy code',
  copied: 'Copied',
  pressToCopy: 'Press {key} to copy',
  placeholder: 'Type your answer...',
  send: 'Send',
  restart: 'Restart',
  retry: 'Retry',
  notSent: 'Not sent',
  offline: 'You are offline. The chat goes on once the connection is back.',
  unreachable: 'The chat cannot be reached. It goes on by itself once it can.',
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
  to: 'To',
  rating: 'Rating',
  remove: 'Remove',
  skip: 'Skip',
  stop: 'Stop answering',
  unreadable: 'The reply could not be read. Retry to go on.',
  // The bubble's invitation (a file of its own, which brings no words).
  dismissPreview: 'Dismiss',
  unreadOne: '1 unread message',
  unreadMany: '{count} unread messages',
} satisfies Partial<FlowbotStrings>;

/** The words only the rarer controls show (fields, dates, files and uploads, voice messages, payment): their file brings them. */
export const enControls = {
  invalidNumber: 'Enter a valid number',
  invalidEmail: 'Enter a valid e-mail address',
  invalidUrl: 'Enter a valid web address',
  invalidPhone: 'Enter a valid phone number',
  phoneCountry: 'Country: {country}. Another country? Start with + and its code.',
  phoneInternational: 'Start with + and the country code.',
  invalidDate: 'Enter a valid date',
  invalidTime: 'Enter a valid time',
  endBeforeStart: 'The end date is before the start date',
  date: 'Date',
  time: 'Time',
  from: 'From',
  dropFiles: 'Choose or drop files',
  fileType: 'This type of file is not accepted',
  uploading: 'Uploading…',
  uploadFailed: 'The upload failed. Try again.',
  uploadUnavailable: 'Files cannot be uploaded here.',
  paymentUnsupported: 'Payments cannot be made in this chat.',
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
} satisfies Partial<FlowbotStrings>;

/** The words of the notice before a conversation and of the consent it may ask for: their file brings them. */
export const enConsent = {
  aiNotice: 'You are chatting with an AI assistant.',
  consentAccept: 'Accept and chat',
  consentDecline: 'Decline',
  consentDeclined: 'You declined: nothing is sent. Accept to chat.',
} satisfies Partial<FlowbotStrings>;

/** The words only the on-demand part shows (media, notices, the voice, what an agent did). */
export const enOnDemand = {
  mute: 'Mute voice',
  openPage: 'Open the page',
  embed: 'Embedded content',
  expired: 'This conversation has expired.',
  startAgain: 'Start again',
  interrupted: 'The answer was interrupted.',
  tryAgain: 'Try again',
  working: 'Working…',
  toolRunning: '{tool}…',
  toolDone: '{tool}: done',
  toolFailed: '{tool}: failed',
  usedTools: 'one{Used # tool} other{Used # tools}',
  moreTools: 'one{# more} other{# more}',
  toolInput: 'Input',
  toolOutput: 'Result',
  thinking: 'Thinking',
  sources: 'Sources',
  botAt: 'Bot, {time}',
  youAt: 'You, {time}',
  transcriptKeys:
    'Up and down arrows move between messages, Home and End go to the first and last, Enter goes to the links and buttons of a message, Escape goes back and then to the answer field.',
} satisfies Partial<FlowbotStrings>;

/** English. */
// Marked pure, so a build that does not use it (the script-tag build's widget code) leaves it out.
export const en: FlowbotStrings = /* @__PURE__ */ Object.assign({}, enFirst, enControls, enOnDemand, enConsent);

/** The answers' words (what a visitor does with an answer, the conversation as a document): the answers' file's. */
export const enAnswers: AnswerStrings = {
  copy: 'Copy answer',
  copied: 'Copied',
  pressToCopy: 'Press {keys} to copy',
  answerText: 'Answer text',
  good: 'Good answer',
  bad: 'Bad answer',
  answerAt: 'Answer from {time}',
  answer: 'Answer',
  whatWentWrong: 'What went wrong? (optional)',
  inaccurate: 'Not accurate',
  unhelpful: 'Not helpful',
  tooLong: 'Too long',
  other: 'Other',
  tellUsMore: 'Tell us more (optional)',
  sendFeedback: 'Send',
  closeFeedback: 'No, thanks',
  thanks: 'Thanks for your feedback',
  conversationMenu: 'Conversation options',
  download: 'Download conversation',
  downloadFailed: 'The download failed. Try again.',
  print: 'Print',
  conversations: 'Conversations',
  conversationsFailed: 'The conversations could not be shown. Try again.',
  bot: 'Bot',
  you: 'You',
  conversation: 'Conversation',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  embed: 'Embedded content',
  voiceMessage: 'Voice message',
  file: 'File',
};

/** The earlier conversations' words (`element/history/`): the list's file brings them. */
export const enHistory: HistoryStrings = {
  newConversation: 'New conversation',
  backToConversation: 'Back to the conversation',
  noConversations: 'No earlier conversations. When you start a new one, this one is kept here.',
  deleteConversation: 'Delete “{title}”',
  conversationDeleted: 'Conversation deleted',
  forgetConversations: 'Forget my conversations',
  forgetConfirm: 'Forget every conversation kept in this browser, this one too?',
  forget: 'Forget',
  cancel: 'Cancel',
  conversationsForgotten: 'Your conversations are forgotten.',
  conversationOpened: 'Conversation opened: {title}',
};

/** The shape of a language's words: the widget's own (see `lookup.ts`), and the answers'. */

/** Every string the widget shows or announces on its own. */
export interface FlowbotStrings {
  /** Session extras: progress bar, suggested replies, voice, a redirect the browser blocked, media summaries. */
  progress: string;
  suggestions: string;
  mute: string;
  openPage: string;
  video: string;
  audio: string;
  embed: string;
  image: string;
  openLink: string;
  /**
   * Markdown answers: a code block's Copy button, what is said once it is copied, and the hint when the
   * browser refused (`{key}` is Ctrl+C, or ⌘C on Apple platforms).
   */
  copyCode: string;
  copied: string;
  pressToCopy: string;
  placeholder: string;
  send: string;
  restart: string;
  retry: string;
  notSent: string;
  offline: string;
  unreachable: string;
  sending: string;
  error: string;
  unavailable: string;
  ended: string;
  openChat: string;
  closeChat: string;
  chat: string;
  conversation: string;
  search: string;
  choices: string;
  noMatches: string;
  typing: string;
  /** The button that goes to newer messages while the visitor reads further up. */
  newMessages: string;
  loading: string;
  /** Controls of the other input types (number, date, rating, file, payment, ...). */
  invalidNumber: string;
  invalidEmail: string;
  invalidUrl: string;
  invalidPhone: string;
  /** Above a phone field with a default country: `{country}` is its name, in the widget's language. */
  phoneCountry: string;
  /** Above a phone field with no default country: the number starts with + and the country code. */
  phoneInternational: string;
  invalidDate: string;
  invalidTime: string;
  /** A date range whose end comes before its start. */
  endBeforeStart: string;
  date: string;
  time: string;
  from: string;
  to: string;
  rating: string;
  dropFiles: string;
  remove: string;
  fileType: string;
  uploading: string;
  uploadFailed: string;
  uploadUnavailable: string;
  paymentUnsupported: string;
  skip: string;
  /** The button that stops a streamed answer. */
  stop: string;
  /** The server's reply to an answer could not be read (the answer was delivered). */
  unreadable: string;
  /** Uploads (file input, attachments, voice messages); `{size}` and `{name}` are filled in. */
  fileTooLarge: string;
  uploadOf: string;
  cancelUpload: string;
  uploadCancelled: string;
  attach: string;
  record: string;
  stopRecording: string;
  recording: string;
  voiceMessage: string;
  noRecorder: string;
  microphoneRefused: string;
  /** The bubble's invitation: the preview's close button, and the unread count (`{count}` is filled in). */
  dismissPreview: string;
  unreadOne: string;
  unreadMany: string;
  /** The notice before a conversation that asks for consent and gives no text of its own (`consent="required"`). */
  aiNotice: string;
  /** The consent's buttons, and what shows once the visitor declined (Accept stays). */
  consentAccept: string;
  consentDecline: string;
  consentDeclined: string;
  /** The viewer no longer knows the session: the notice under the read-only transcript, and its one action. */
  expired: string;
  startAgain: string;
  /** A streamed answer cut short: the mark beside what arrived, and the action that streams it again. */
  interrupted: string;
  tryAgain: string;
  /** The activity line of an agent at work, before it names a tool. */
  working: string;
  /** A tool call running: `{tool}` is its readable name (or the site's word for it, `toolNames`). */
  toolRunning: string;
  /** A tool call done. */
  toolDone: string;
  /** A tool call that failed. */
  toolFailed: string;
  /**
   * The folded list of tool calls, a plural: `category{text}` pairs chosen by
   * `Intl.PluralRules` (`one`, `few`, `many`, `other`…; `other` is required), `#` the count.
   */
  usedTools: string;
  /** The tool calls beyond those listed (a plural as `usedTools`). */
  moreTools: string;
  /** What a tool call was given, shown when its line is opened. */
  toolInput: string;
  /** What a tool call returned, shown when its line is opened. */
  toolOutput: string;
  /** The collapsed section of the model's reasoning. */
  thinking: string;
  /** The source chips under an answer. */
  sources: string;
  /** How a bot message announces itself when walked to by keyboard: `{time}`. */
  botAt: string;
  /** How a visitor's message announces itself when walked to by keyboard: `{time}`. */
  youAt: string;
  /** The transcript's keyboard help (arrow keys, Home, End, and the key to the answer field). */
  transcriptKeys: string;
}

/**
 * The words only the on-demand part draws: the rarer controls, uploads, voice
 * messages, the voice's mute switch and a blocked redirect's link (the bubble's
 * invitation, a file of its own, reads only words of the first file). The script-tag build's first file leaves them out of
 * its English; they arrive with the on-demand part, before anything of it is
 * drawn. Code of the first file never reads them.
 */
export type OnDemandStringKey =
  | 'aiNotice'
  | 'consentAccept'
  | 'consentDecline'
  | 'consentDeclined'
  | 'mute'
  | 'openPage'
  | 'invalidNumber'
  | 'invalidEmail'
  | 'invalidUrl'
  | 'invalidPhone'
  | 'phoneCountry'
  | 'phoneInternational'
  | 'invalidDate'
  | 'invalidTime'
  | 'endBeforeStart'
  | 'date'
  | 'time'
  | 'from'
  | 'to'
  | 'rating'
  | 'dropFiles'
  | 'remove'
  | 'fileType'
  | 'uploading'
  | 'uploadFailed'
  | 'uploadUnavailable'
  | 'paymentUnsupported'
  | 'skip'
  | 'fileTooLarge'
  | 'uploadOf'
  | 'cancelUpload'
  | 'uploadCancelled'
  | 'attach'
  | 'record'
  | 'stopRecording'
  | 'recording'
  | 'voiceMessage'
  | 'noRecorder'
  | 'microphoneRefused'
  | 'expired'
  | 'startAgain'
  | 'interrupted'
  | 'tryAgain'
  | 'working'
  | 'toolRunning'
  | 'toolDone'
  | 'toolFailed'
  | 'usedTools'
  | 'moreTools'
  | 'toolInput'
  | 'toolOutput'
  | 'thinking'
  | 'sources'
  | 'botAt'
  | 'youAt'
  | 'transcriptKeys';

/** Words of the answers' actions, the conversation's menu and the export. */
export interface AnswerStrings {
  /** The copy button's name. */
  copy: string;
  /** Said (politely, unseen) once an answer is on the clipboard. */
  copied: string;
  /** Said when the clipboard refused: the answer's text is selected for the keys `{keys}`. */
  pressToCopy: string;
  /** The selected text's field, when the clipboard refused. */
  answerText: string;
  /** The thumbs' names. */
  good: string;
  bad: string;
  /** The name of an answer's actions: `{time}` is when it was shown. */
  answerAt: string;
  /** The same, for an answer without a known time (kept by an older version). */
  answer: string;
  /** The reasons offered after a thumbs down, and their legend. */
  whatWentWrong: string;
  inaccurate: string;
  unhelpful: string;
  tooLong: string;
  other: string;
  /** The free-text field after a thumbs down. */
  tellUsMore: string;
  sendFeedback: string;
  closeFeedback: string;
  /** Said and shown once the feedback is sent. */
  thanks: string;
  /** The header's menu button, and its items. */
  conversationMenu: string;
  download: string;
  /** Said (politely, unseen) when the conversation could not be written for Download (its file did not load). */
  downloadFailed: string;
  print: string;
  /** The menu's item that lists the earlier conversations (`persist`), and the list's heading. */
  conversations: string;
  /** Said (politely, unseen) when the list's file did not load. */
  conversationsFailed: string;
  /** Who said what, in the export. */
  bot: string;
  you: string;
  /** The export's title when the widget has none. */
  conversation: string;
  /** What media and files read as in the export. */
  image: string;
  video: string;
  audio: string;
  embed: string;
  voiceMessage: string;
  file: string;
}

/**
 * The words of the earlier conversations' list (`element/history/`): English's come with the list's
 * file, every other language's with that language's answers' words.
 */
export interface HistoryStrings {
  /** The list's button that starts a new conversation (the one on screen stays in the list). */
  newConversation: string;
  /** The list's button back to the conversation on screen. */
  backToConversation: string;
  /** The list with nothing in it. */
  noConversations: string;
  /** A conversation's delete button (`{title}`: its title). */
  deleteConversation: string;
  /** Said once a conversation is deleted. */
  conversationDeleted: string;
  /** The button that forgets every conversation, the question it asks first, and its two answers. */
  forgetConversations: string;
  forgetConfirm: string;
  forget: string;
  cancel: string;
  /** Said once every conversation is forgotten. */
  conversationsForgotten: string;
  /** Said once a conversation is opened (`{title}`: its title). */
  conversationOpened: string;
}

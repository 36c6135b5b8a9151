/** What the answers' words are: one file of this folder per language has them all. */
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

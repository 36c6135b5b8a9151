/**
 * The words of what a visitor can do with the answers (copy, rate, download,
 * print) and of the exported transcript, in every language the widget speaks.
 * They arrive with the on-demand part, with the code that shows them: the
 * first file carries none of them.
 */

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

const en: AnswerStrings = {
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
  print: 'Print',
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

const ptBR: AnswerStrings = {
  copy: 'Copiar resposta',
  copied: 'Copiado',
  pressToCopy: 'Pressione {keys} para copiar',
  answerText: 'Texto da resposta',
  good: 'Resposta boa',
  bad: 'Resposta ruim',
  answerAt: 'Resposta das {time}',
  answer: 'Resposta',
  whatWentWrong: 'O que deu errado? (opcional)',
  inaccurate: 'Não está correta',
  unhelpful: 'Não ajudou',
  tooLong: 'Longa demais',
  other: 'Outro motivo',
  tellUsMore: 'Conte mais (opcional)',
  sendFeedback: 'Enviar',
  closeFeedback: 'Não, obrigado',
  thanks: 'Obrigado pelo retorno',
  conversationMenu: 'Opções da conversa',
  download: 'Baixar conversa',
  print: 'Imprimir',
  bot: 'Bot',
  you: 'Você',
  conversation: 'Conversa',
  image: 'Imagem',
  video: 'Vídeo',
  audio: 'Áudio',
  embed: 'Conteúdo incorporado',
  voiceMessage: 'Mensagem de voz',
  file: 'Arquivo',
};

const catalogue: Readonly<Record<string, AnswerStrings>> = { en, 'pt-br': ptBR, pt: ptBR };

/** The words for a BCP 47 tag: an exact match, else its primary language, else English (as `lookup.ts`). */
export function answerStringsFor(lang: string | null | undefined): AnswerStrings {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  return catalogue[tag] ?? catalogue[tag.split('-')[0] ?? ''] ?? en;
}

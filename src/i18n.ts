/**
 * The widget's own words. A tiny catalogue keyed by language tag; the server's
 * labels (`options.labels`, system messages) always win over these.
 */

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
  placeholder: string;
  send: string;
  restart: string;
  retry: string;
  notSent: string;
  offline: string;
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
  invalidDate: string;
  invalidTime: string;
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
}

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
};

const ptBR: FlowbotStrings = {
  progress: 'Progresso',
  suggestions: 'Respostas sugeridas',
  mute: 'Silenciar voz',
  openPage: 'Abrir a página',
  video: 'Vídeo',
  audio: 'Áudio',
  embed: 'Conteúdo incorporado',
  image: 'Imagem',
  openLink: 'Abrir link',
  placeholder: 'Digite sua resposta...',
  send: 'Enviar',
  restart: 'Recomeçar',
  retry: 'Tentar novamente',
  notSent: 'Não enviada',
  offline: 'Você está sem conexão. A conversa continua quando a conexão voltar.',
  sending: 'Enviando…',
  error: 'Algo deu errado…',
  unavailable: 'Este chat não está disponível',
  ended: 'A conversa terminou.',
  openChat: 'Abrir chat',
  closeChat: 'Fechar chat',
  chat: 'Chat',
  conversation: 'Conversa',
  search: 'Pesquisar…',
  choices: 'Opções',
  noMatches: 'Nenhum resultado',
  typing: 'O bot está digitando',
  newMessages: 'Novas mensagens ↓',
  loading: 'Carregando…',
  invalidNumber: 'Digite um número válido',
  invalidEmail: 'Digite um e-mail válido',
  invalidUrl: 'Digite um endereço web válido',
  invalidPhone: 'Digite um telefone válido',
  invalidDate: 'Digite uma data válida',
  invalidTime: 'Digite um horário válido',
  date: 'Data',
  time: 'Horário',
  from: 'De',
  to: 'Até',
  rating: 'Avaliação',
  dropFiles: 'Escolha ou solte arquivos',
  remove: 'Remover',
  fileType: 'Este tipo de arquivo não é aceito',
  uploading: 'Enviando…',
  uploadFailed: 'O envio falhou. Tente novamente.',
  uploadUnavailable: 'Não é possível enviar arquivos aqui.',
  paymentUnsupported: 'Não é possível fazer pagamentos neste chat.',
  skip: 'Pular',
  stop: 'Parar a resposta',
  unreadable: 'Não foi possível ler a resposta. Tente novamente para continuar.',
  fileTooLarge: 'Este arquivo é maior que {size} MB',
  uploadOf: 'Envio de {name}',
  cancelUpload: 'Cancelar',
  uploadCancelled: 'Envio cancelado. Seus arquivos foram mantidos.',
  attach: 'Anexar arquivos',
  record: 'Gravar uma mensagem de voz',
  stopRecording: 'Parar a gravação e enviar',
  recording: 'Gravando…',
  voiceMessage: 'Mensagem de voz',
  noRecorder: 'Este navegador não grava mensagens de voz. Você pode digitar.',
  microphoneRefused: 'O microfone não está disponível. Você pode digitar.',
};

const catalogue: Readonly<Record<string, FlowbotStrings>> = { en, 'pt-br': ptBR, pt: ptBR };

/** The language tags with their own strings. */
export const supportedLanguages: readonly string[] = ['en', 'pt-BR'];

/**
 * The strings for a BCP 47 tag: an exact match, else its primary language
 * (`pt-PT` → Portuguese), else English.
 */
export function stringsFor(lang: string | null | undefined): FlowbotStrings {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  return catalogue[tag] ?? catalogue[tag.split('-')[0] ?? ''] ?? en;
}

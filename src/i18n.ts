/**
 * The widget's own words. A tiny catalogue keyed by language tag; the server's
 * labels (`options.labels`, system messages) always win over these.
 */

/** Every string the widget shows or announces on its own. */
export interface FlowbotStrings {
  placeholder: string;
  send: string;
  restart: string;
  retry: string;
  notSent: string;
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
  loading: string;
}

const en: FlowbotStrings = {
  placeholder: 'Type your answer...',
  send: 'Send',
  restart: 'Restart',
  retry: 'Retry',
  notSent: 'Not sent',
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
  loading: 'Loading…',
};

const ptBR: FlowbotStrings = {
  placeholder: 'Digite sua resposta...',
  send: 'Enviar',
  restart: 'Recomeçar',
  retry: 'Tentar novamente',
  notSent: 'Não enviada',
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
  loading: 'Carregando…',
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

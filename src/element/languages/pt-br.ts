/** Brazilian Portuguese: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-pt-br.js`). */
export { catalogues } from '../../i18n/pt-br.js';
export { ptBR as answers } from '../answer-actions/words/pt-br.js';

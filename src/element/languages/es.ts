/** Spanish: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-es.js`). */
export { catalogues } from '../../i18n/es.js';
export { es as answers } from '../answer-actions/words/es.js';

/** German: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-de.js`). */
export { catalogues } from '../../i18n/de.js';
export { de as answers } from '../answer-actions/words/de.js';

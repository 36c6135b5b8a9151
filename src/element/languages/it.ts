/** Italian: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-it.js`). */
export { catalogues } from '../../i18n/it.js';
export { it as answers } from '../answer-actions/words/it.js';

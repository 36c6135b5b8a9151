/** Arabic: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-ar.js`). */
export { catalogues } from '../../i18n/ar.js';
export { ar as answers } from '../answer-actions/words/ar.js';

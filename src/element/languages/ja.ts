/** Japanese: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-ja.js`). */
export { catalogues } from '../../i18n/ja.js';
export { ja as answers } from '../answer-actions/words/ja.js';

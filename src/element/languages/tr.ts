/** Turkish: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-tr.js`). */
export { catalogues } from '../../i18n/tr.js';
export { tr as answers } from '../answer-actions/words/tr.js';

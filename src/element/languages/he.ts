/** Hebrew: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-he.js`). */
export { catalogues } from '../../i18n/he.js';
export { he as answers } from '../answer-actions/words/he.js';

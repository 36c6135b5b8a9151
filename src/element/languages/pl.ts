/** Polish: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-pl.js`). */
export { catalogues } from '../../i18n/pl.js';
export { pl as answers } from '../answer-actions/words/pl.js';

/** Dutch: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-nl.js`). */
export { catalogues } from '../../i18n/nl.js';
export { nl as answers } from '../answer-actions/words/nl.js';

/** French: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-fr.js`). */
export { catalogues } from '../../i18n/fr.js';
export { fr as answers } from '../answer-actions/words/fr.js';

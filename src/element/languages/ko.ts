/** Korean: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-ko.js`). */
export { catalogues } from '../../i18n/ko.js';
export { ko as answers } from '../answer-actions/words/ko.js';

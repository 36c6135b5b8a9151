/** Simplified Chinese: the widget's words and the answers' (beside the script tag, `flowbot-chat.lang-zh-cn.js`). */
export { catalogues } from '../../i18n/zh-cn.js';
export { zhCN as answers } from '../answer-actions/words/zh-cn.js';

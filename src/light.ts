/**
 * `flowbot-chat/light`: the npm entry that does what the script tag does. Imported instead of
 * `flowbot-chat`, it draws what the visitor sees first and imports the widget's code when it is
 * wanted (`script-tag/place.ts`):
 *
 * - a closed bubble's launcher and preview (and a closed popup's wait), the widget's code on intent: the
 *   pointer on or near the launcher, focus, a touch, a key, `show()`, `toggle()`, `open`; a tap also
 *   sends the first start, in parallel with the code;
 * - an inline widget's first start sent at once, and in English and light its first turn drawn
 *   before the widget's code, which comes once that turn is painted;
 * - any other widget, the widget's code at once.
 *
 * The page's bundler splits the widget's code (`define.js`), the launcher, the preview and the first turn into
 * chunks of their own. Until the widget's code is there, `<flowbot-chat>` is a plain element: the
 * options a framework set on it as properties are read here (and taken by the widget when it
 * upgrades). An object set on it as an attribute is lost text: the console says so, and how to pass it.
 * In Node (server rendering) importing it does nothing.
 */
import { optionsOf, watchWidgets } from './script-tag/place.js';
import { showUnavailable } from './script-tag/unavailable.js';

if (typeof document !== 'undefined')
  watchWidgets(
    optionsOf,
    // A chunk that did not load: the widgets say they are unavailable, as the script tag's do.
    () => void import('./define.js').catch(showUnavailable),
    () => import('./script-tag/launcher.js'),
    () => import('./element/first-turn/index.js'),
    false,
    () => import('./element/preview/index.js'),
    () => import('./element/first-turn/open.js'),
  );

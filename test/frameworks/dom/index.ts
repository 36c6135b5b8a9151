// What Angular's template checker reads with CUSTOM_ELEMENTS_SCHEMA (HTMLElementTagNameMap and
// GlobalEventHandlersEventMap, which the package's main entry fills), checked with plain tsc
// because the Angular CLI needs Node 22.
import 'flowbot-chat';

const el = document.createElement('flowbot-chat');
el.mode = 'popup';
el.widget = { title: 'Typed', primaryColor: '#0f766e' };
el.open = false;
el.show();
el.addEventListener('flowbot-answer', (e) => e.detail.text.toUpperCase());
el.addEventListener('flowbot-redirect', (e) => e.preventDefault());
document.querySelector('flowbot-chat')?.send('hello');

// The widget of a site the visitor has open in several tabs: persist="local", the bot named by
// ?bot= (default `support`). Every message the widget announces is kept for the spec to count.
const bot = new URLSearchParams(location.search).get('bot') || 'support';
const chat = document.createElement('flowbot-chat');
chat.setAttribute('public-id', bot);
chat.setAttribute('api-host', '__API__');
chat.setAttribute('persist', 'local');
document.body.append(chat);
window.flowbotMessages = [];
document.addEventListener('flowbot-message', (e) => window.flowbotMessages.push(e.detail.message));

// `?bot=<publicId>&mode=<mode>`: one page for every flow, inline or as a bubble.
const params = new URLSearchParams(location.search);
const chat = document.querySelector('flowbot-chat');
chat.setAttribute('public-id', params.get('bot') || 'demo');
if (params.get('mode')) chat.setAttribute('mode', params.get('mode'));

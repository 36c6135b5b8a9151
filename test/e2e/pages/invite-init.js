// The invitation page's widget; the query string picks its settings:
// ?delay=<s> (preview delay), auto=<s> (timed opening), id=<key>, persist=session|local,
// preview=off, sound=1, narrow=1 (timed opening on narrow screens).
const params = new URLSearchParams(location.search);
const number = (name) => (params.has(name) ? Number(params.get(name)) : undefined);
const options = {
  publicId: 'invite',
  apiHost: '__API__',
  mode: 'bubble',
  widget: {
    title: 'Shop assistant',
    subTitle: 'Online',
    primaryColor: '#7c3aed',
    secondaryColor: '#ffffff',
    aiFirstMessage: 'Hi! Need help with an order? I can look it up for you.',
  },
};
if (params.get('preview') === 'off') options.noPreview = true;
if (number('delay') !== undefined) options.previewDelay = number('delay');
if (number('auto') !== undefined) options.autoOpen = number('auto');
if (params.get('narrow') === '1') options.autoOpenNarrow = true;
if (params.get('sound') === '1') options.notifySound = true;
if (params.get('persist')) options.persist = params.get('persist');
window.chat = window.Flowbot.init(options);
if (params.get('id')) window.chat.id = params.get('id');

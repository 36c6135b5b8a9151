// The visual suite's widget, set up from the query string the way a customer's page would:
// flow=<public id>, mode=standard|bubble|popup, open=1, dir=rtl, theme=dark, off=1 (the widget
// switched off), preview=1 (the bubble's preview at once), name=<value of the `name` variable>,
// scheme=dark|auto (the widget's color-scheme), persist=session|local.
const params = new URLSearchParams(location.search);
// The suite's own fonts (visual.css), every face loaded now rather than when some text first needs
// it; the spec waits for this before it takes a picture.
window.visualFonts = Promise.all([...document.fonts].map((face) => face.load()));
const mode = params.get('mode') ?? 'standard';
const rtl = params.get('dir') === 'rtl';
if (rtl) document.documentElement.dir = 'rtl';
// lang=<tag>: the page's language (the widget's words follow it).
if (params.get('lang')) document.documentElement.lang = params.get('lang');
if (params.get('theme') === 'dark') document.documentElement.classList.add('dark');

const widget = {
  title: rtl ? 'الدعم' : 'Acme assistant',
  subTitle: rtl ? 'متصل الآن' : 'Replies at once',
  primaryColor: '#4f46e5',
  secondaryColor: '#ffffff',
  avatarIcon: '__API__/demo-assets/host-avatar.svg',
  headerIcon: '__API__/demo-assets/host-avatar.svg',
};
if (params.get('off') === '1') widget.isActivated = false;
if (params.get('preview') === '1') widget.aiFirstMessage = 'Hi! Need help with an order? I can look it up for you.';

const options = {
  publicId: params.get('flow') ?? 'demo-at-welcome',
  apiHost: '__API__',
  mode,
  widget,
  open: params.get('open') === '1',
};
if (mode === 'standard') options.target = '#host';
if (params.get('preview') === '1') options.previewDelay = 0;
if (params.get('name')) options.prefilledVariables = { name: params.get('name') };
// scheme=dark|auto: the widget's color-scheme.
if (params.get('scheme')) options.colorScheme = params.get('scheme');
// persist=session|local: the conversation remembered (and the earlier ones listed).
if (params.get('persist')) options.persist = params.get('persist');
window.chat = window.Flowbot.init(options);
// The session's id, so that a test's injected faults reach this conversation and no other.
document.addEventListener('flowbot-start', (event) => (window.visualSession = event.detail.sessionId));

// The demo page: the three modes, a flow picker over the reference server's demo flows, a theme
// panel that edits the Widget resource live, an event log, and the typed client's verbs.
import '../src/index.js';
import { createFlowbotClient } from '../src/api/index.js';
import type { FlowbotChat } from '../src/element.js';
import { flowbotEvents } from '../src/element/events.js';
import { supportedLanguages } from '../src/i18n/lookup.js';
import { demoVerbs, type DemoSeed } from './verbs.js';

interface DemoConfig {
  apiUrl: string;
  token: string;
  seed: Record<string, unknown>;
}

const meta = document.querySelector<HTMLMetaElement>('meta[name="flowbot-demo-config"]');
const config: DemoConfig = meta
  ? JSON.parse(decodeURIComponent(meta.content))
  : { apiUrl: location.origin, token: '', seed: {} };

const form = document.querySelector<HTMLFormElement>('#controls')!;
const stage = document.querySelector<HTMLElement>('#stage')!;
const eventsLog = document.querySelector<HTMLOListElement>('#events')!;
const flowSelect = document.querySelector<HTMLSelectElement>('#flow')!;
const flowDescription = document.querySelector<HTMLElement>('#flow-description')!;
const ICONS = ['', 'host-avatar.svg', 'fox.svg', 'cat.svg', 'dog.svg'];

for (const select of form.querySelectorAll<HTMLSelectElement>('.icon-select')) {
  for (const name of ICONS) {
    select.add(new Option(name || 'none', name ? `${config.apiUrl}/demo-assets/${name}` : ''));
  }
  const preferred = { headerIcon: 'fox.svg', avatarIcon: 'host-avatar.svg' }[select.name];
  if (preferred) select.value = `${config.apiUrl}/demo-assets/${preferred}`;
}

// Every language the widget ships, from its one list, each by its own name ("Français", "العربية").
const langSelect = form.elements.namedItem('lang') as HTMLSelectElement;
for (const tag of supportedLanguages) {
  langSelect.add(new Option(new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag, tag));
}

/**
 * The first message (the Widget resource's `aiFirstMessage`) is each bot's own: typed for one, it
 * is not shown before another's conversation. The demo bot has one to start with.
 */
const firstMessages = new Map<string, string>([['demo', 'Hi! I am the demo bot.']]);
const firstMessageField = form.elements.namedItem('aiFirstMessage') as HTMLInputElement;
let firstMessageOf = 'demo';
function switchFirstMessage(publicId: string): void {
  firstMessages.set(firstMessageOf, firstMessageField.value);
  firstMessageOf = publicId;
  firstMessageField.value = firstMessages.get(publicId) ?? '';
}

function field(name: string): string {
  const el = form.elements.namedItem(name);
  if (el instanceof RadioNodeList) return el.value;
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return String(el.checked);
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : '';
}

/** The part of a Widget resource the theme panel edits. */
function widgetFromForm() {
  const widget: Record<string, unknown> = { isActivated: field('isActivated') === 'true' };
  for (const key of [
    'title',
    'subTitle',
    'aiFirstMessage',
    'primaryColor',
    'secondaryColor',
    'primaryAIColor',
    'secondaryAIColor',
    'primaryUserColor',
    'secondaryUserColor',
    'headerIcon',
    'avatarIcon',
    'widgetIcon',
  ]) {
    const value = field(key);
    if (value) widget[key] = value;
  }
  return widget;
}

let chat: FlowbotChat | undefined;

function logEvent(event: Event) {
  const item = document.createElement('li');
  const detail = (event as CustomEvent).detail;
  let text: string;
  try {
    text =
      detail === undefined
        ? ''
        : JSON.stringify(detail, (_k, v) => (v instanceof Error ? `${v.name}: ${v.message}` : v));
  } catch {
    text = String(detail);
  }
  item.textContent = `${new Date().toLocaleTimeString()} ${event.type} ${text.slice(0, 160)}`;
  eventsLog.prepend(item);
  while (eventsLog.children.length > 60) eventsLog.lastElementChild?.remove();
}

// Every event of the element, from its one table: the next event added there is listed here too.
const EVENTS = Object.values(flowbotEvents).map((event) => event.eventName);

/** A new element for a new flow or mode; colour and text changes are applied live. */
function mount() {
  chat?.remove();
  const el = document.createElement('flowbot-chat');
  el.publicId = flowSelect.value || 'demo';
  el.apiHost = config.apiUrl;
  el.mode = field('mode') as FlowbotChat['mode'];
  const lang = field('lang');
  if (lang) el.lang = lang;
  el.persist = field('persist') as FlowbotChat['persist'];
  el.widget = widgetFromForm();
  for (const type of EVENTS) el.addEventListener(type, logEvent);
  stage.append(el);
  chat = el;
}

/** The page's own switches: they change the page around the widget, never the widget's properties. */
const PAGE_SWITCHES: Record<string, (on: boolean) => void> = {
  // The page's dark colours, and the README's dark theme for the widget (demo.css, `.dark`).
  dark: (on) => document.documentElement.classList.toggle('dark', on),
  rtl: (on) => (on ? stage.setAttribute('dir', 'rtl') : stage.removeAttribute('dir')),
};
// A reload may bring the boxes back ticked.
for (const [name, apply] of Object.entries(PAGE_SWITCHES)) apply(field(name) === 'true');

form.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement;
  const pageSwitch = PAGE_SWITCHES[target.name];
  if (pageSwitch) {
    pageSwitch(target.checked);
  } else if (['flow', 'mode', 'lang', 'persist', 'isActivated'].includes(target.name)) {
    if (target.name === 'flow') {
      describeFlow();
      switchFirstMessage(flowSelect.value);
    }
    mount();
  } else if (chat) {
    chat.widget = widgetFromForm();
  }
});
form.addEventListener('input', (event) => {
  if (chat && !PAGE_SWITCHES[(event.target as HTMLInputElement).name]) chat.widget = widgetFromForm();
});
document.querySelector('#open')!.addEventListener('click', () => chat?.show());
document.querySelector('#restart')!.addEventListener('click', () => chat?.restart());

let flows: { publicId: string; name?: string; description?: string }[] = [];
function describeFlow() {
  flowDescription.textContent = flows.find((f) => f.publicId === flowSelect.value)?.description ?? '';
}

try {
  const response = await fetch(`${config.apiUrl}/api/v1/flowbots`);
  if (response.ok) {
    const list: unknown = await response.json();
    flows = Array.isArray(list) ? list : [];
    flowSelect.replaceChildren(...flows.map((f) => new Option(`${f.name ?? f.publicId} (${f.publicId})`, f.publicId)));
    flowSelect.value = 'demo';
    describeFlow();
  }
} catch {
  // The picker keeps its default entry.
}
mount();

// The typed client, against the same server, with the demo token.
const client = createFlowbotClient({
  chatBaseUrl: config.apiUrl,
  contentBaseUrl: config.apiUrl,
  viewerBaseUrl: config.apiUrl,
  token: config.token,
});
const verbs = demoVerbs(client, config.seed as DemoSeed);
const output = document.querySelector<HTMLPreElement>('#verb-output')!;
const verbButtons = document.querySelector<HTMLElement>('#verbs')!;
for (const [name, { label, call, failsOnPurpose }] of Object.entries(verbs)) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.addEventListener('click', async () => {
    output.textContent = `${name}…`;
    try {
      output.textContent = `${name} →\n${JSON.stringify(await call(), null, 2)}`;
    } catch (error) {
      const e = error as Error & { issues?: unknown; status?: number };
      const expected = failsOnPurpose ? `(on purpose: ${failsOnPurpose})\n` : '';
      output.textContent = `${name} ✖ ${e.name}\n${expected}${e.message}${e.issues ? `\n${JSON.stringify(e.issues, null, 2)}` : ''}`;
    }
  });
  verbButtons.append(button);
}

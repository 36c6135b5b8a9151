/**
 * The first turn as the widget's first render draws it (`element/view.ts`: the panel, its header,
 * `render/transcript.ts`'s rows, `render/inputs/`' field or buttons), in English, built as nodes:
 * the messages' text by the widget's own walk (`richTextContent`), never as HTML.
 */
import { enFirst } from '../../i18n/en.js';
import { pick, text } from '../../protocol/json.js';
import { general, hostAvatarUrl, progressValue, type SessionView } from '../../render/session-look.js';
import { el, richTextContent } from '../../render/rich-text.js';
import { iconUrl } from '../../theme/widget-theme.js';
import type { FirstInput, FirstTurn } from './turn.js';

/** What the Widget resource gives the first render (the rest it gives is colours). */
export interface FirstLook {
  readonly widget: unknown;
  /** The header is drawn even with no title (it will hold the menu). */
  readonly menu: boolean;
  /** The widget's language tag ('' when neither it nor the page says), for the progress's percent. */
  readonly lang: string;
}

const withPart = <T extends HTMLElement>(node: T, part: string, id?: string): T => {
  node.setAttribute('part', part);
  if (id) node.id = id;
  return node;
};

/** The header (`renderHeader`), when the widget draws one: its icon, title and subtitle. */
export function header({ widget, menu }: FirstLook): HTMLElement | undefined {
  const title = text(pick(widget, 'title'));
  const subTitle = text(pick(widget, 'subTitle'));
  const icon = iconUrl(pick(widget, 'headerIcon'));
  if (!menu && !title && !subTitle && !icon) return undefined;
  const heading = el('div', [withPart(el('div', [title ?? enFirst.chat], 'title'), 'title', 'title')], 'heading');
  if (subTitle) heading.append(withPart(el('div', [subTitle], 'subtitle'), 'subtitle'));
  const out = withPart(el('header', [heading], 'header'), 'header');
  if (icon) {
    const img = withPart(el('img', [], 'header-icon') as HTMLImageElement, 'header-icon');
    img.src = icon;
    img.alt = '';
    out.prepend(img);
  }
  return out;
}

/** The bot's rows (`renderBotEntry`): its avatar beside the first, the space of one beside the others. */
function rows(turn: FirstTurn, avatar: string | undefined): HTMLElement[] {
  return turn.messages.map((nodes, index) => {
    const bubble = withPart(el('div', [richTextContent(nodes)], 'bubble bot-bubble'), 'message bot-message');
    bubble.setAttribute('data-type', 'text');
    // The last message is the question the input answers.
    if (index === turn.messages.length - 1) bubble.id = 'question';
    const row = el('div', [bubble], 'row bot');
    if (avatar && index) row.prepend(el('span', [], 'avatar-space'));
    else if (avatar) {
      const img = withPart(el('img', [], 'avatar') as HTMLImageElement, 'avatar');
      img.src = avatar;
      img.alt = '';
      row.prepend(img);
    }
    return row;
  });
}

/** The input (`renderTextInput`, `renderChoiceInput`), named by the question. */
function field(input: FirstInput): HTMLElement {
  if (input.kind === 'choice') {
    const group = el(
      'div',
      input.items.map((item) => {
        const button = withPart(el('button', [item], 'choice') as HTMLButtonElement, 'choice');
        button.type = 'button';
        return button;
      }),
      'choices',
    );
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', enFirst.choices);
    group.setAttribute('aria-labelledby', 'question');
    return el('div', [group], 'choice-input');
  }
  const placeholder = input.placeholder ?? enFirst.placeholder;
  const box = withPart(el('input', [], 'field') as HTMLInputElement, 'input');
  box.type = 'text';
  box.autocomplete = 'off';
  box.setAttribute('aria-label', placeholder);
  box.setAttribute('aria-labelledby', 'question');
  box.placeholder = placeholder;
  box.enterKeyHint = 'send';
  const send = withPart(el('button', [input.button ?? enFirst.send], 'send') as HTMLButtonElement, 'send-button');
  send.type = 'submit';
  const form = el('form', [box, send], 'text-input') as HTMLFormElement;
  form.noValidate = true;
  return form;
}

/** The progress bar at `edge` (`renderProgress`), if the turn has one there. */
function progressBar(view: SessionView, edge: string, lang: string): HTMLElement[] {
  const value = progressValue(view);
  const placement = pick(pick(general(view.flowbot), 'progressBar'), 'placement') === 'Bottom' ? 'Bottom' : 'Top';
  if (value === undefined || placement !== edge) return [];
  let label: string;
  try {
    label = new Intl.NumberFormat(lang || undefined, { style: 'percent' }).format(value / 100);
  } catch {
    label = `${value}%`;
  }
  const bar = withPart(el('div', [], 'progress'), 'progress');
  for (const [name, text] of [
    ['role', 'progressbar'],
    ['aria-label', enFirst.progress],
    ['aria-valuemin', '0'],
    ['aria-valuemax', '100'],
    ['aria-valuenow', `${value}`],
    ['aria-valuetext', label],
  ])
    bar.setAttribute(name!, text!);
  return [bar];
}

/**
 * The panel of `turn` (`part="panel"`, marked `data-first-turn` until the widget's own replaces it),
 * as the widget draws it for `look`.
 */
export function drawPanel(turn: FirstTurn, look: FirstLook): HTMLElement {
  const view = turn as SessionView;
  const log = withPart(
    el('div', rows(turn, hostAvatarUrl(view, iconUrl(pick(look.widget, 'avatarIcon')))), 'messages'),
    'messages',
  );
  for (const [name, value] of [
    ['role', 'log'],
    ['aria-live', 'polite'],
    ['aria-label', enFirst.conversation],
    ['aria-busy', 'false'],
    ['tabindex', '0'],
  ])
    log.setAttribute(name!, value!);
  const top = header(look);
  const body = el(
    'div',
    [...(top ? [top] : []), ...progressBar(view, 'Top', look.lang), el('div', [log], 'transcript')],
    'direction',
  );
  if (turn.input) body.append(withPart(el('div', [field(turn.input)], 'composer'), 'composer'));
  body.append(...progressBar(view, 'Bottom', look.lang));
  const panel = withPart(el('section', [body], 'panel'), 'panel', 'panel');
  panel.setAttribute(top ? 'aria-labelledby' : 'aria-label', top ? 'title' : enFirst.chat);
  panel.setAttribute('data-first-turn', '');
  return panel;
}

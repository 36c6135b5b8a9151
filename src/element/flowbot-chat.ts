import type { Widget } from '../api/schemas/index.js';
import type { PersistMode } from '../conversation/persistence.js';
import { ChatElement } from './chat-element.js';
import { jsonObject, seconds } from './attribute-converters.js';
import { configure } from './start-policy.js';

/** How the widget sits in the page. */
export type FlowbotChatMode = 'standard' | 'bubble' | 'popup';

/** Which answers offer thumbs up and down: streamed AI answers, every text answer, or none. */
export type FlowbotFeedbackMode = 'streamed' | 'all' | 'none';

/** The widget's colours: light, dark, or the visitor's system's choice (`prefers-color-scheme`). */
export type FlowbotColorScheme = 'light' | 'dark' | 'auto';

/** A Widget resource of the platform, or any part of one. */
export type FlowbotWidget = Partial<Widget>;

/**
 * `<flowbot-chat>`: a conversation with a published flow-bot, inline, as a
 * floating bubble or as a modal popup, in the colours of the platform's Widget
 * resource.
 *
 * @tagname flowbot-chat
 * @attribute lang - Language of the widget's own strings (`en`, `pt-BR`); default: the page's, else English.
 *
 * Events: the table of `events.ts` (`flowbot-start`, `flowbot-message`, `flowbot-answer`...).
 *
 *
 * @csspart panel - The chat panel: header, transcript and composer.
 * @csspart dialog - The `<dialog>` around the panel (popup mode).
 * @csspart header - The panel's header.
 * @csspart header-icon - The header's icon (`headerIcon`).
 * @csspart title - The title (`title`); also the panel's accessible name.
 * @csspart subtitle - The subtitle (`subTitle`).
 * @csspart close-button - The header's close button (bubble and popup).
 * @csspart messages - The transcript (a live region).
 * @csspart message - Every message bubble, bot or visitor.
 * @csspart bot-message - A bot message bubble.
 * @csspart user-message - A visitor answer bubble.
 * @csspart avatar - The bot's avatar beside its messages (`avatarIcon`), and the visitor's (`guest-avatar`) when the theme has one.
 * @csspart guest-avatar - The visitor's avatar beside their answers.
 * @csspart progress - The progress bar (`progress` of the responses).
 * @csspart suggestion - A suggested reply (`defaultMessages`) under a text input.
 * @csspart mute-button - The header's switch that mutes the voice (`voiceActive`).
 * @csspart redirect - The link shown when the browser blocked a redirect's new tab.
 * @csspart typing - The "bot is typing" indicator.
 * @csspart error - An error notice with its retry button (for a streamed answer cut short, Try again).
 * @csspart retry-button - The retry button of an error.
 * @csspart unavailable - The notice shown when the widget is switched off.
 * @csspart composer - The area under the transcript holding the current input.
 * @csspart input - A text field (answer or search).
 * @csspart search - The search field of a searchable choice.
 * @csspart send-button - The button that sends the answer.
 * @csspart choice - A choice button (also a card's button).
 * @csspart picture-choice - A picture choice button.
 * @csspart rating-option - One value of a rating.
 * @csspart card - A card of a cards input.
 * @csspart file-drop - The file picker and drop zone.
 * @csspart file - A picked file, with its remove button.
 * @csspart upload-progress - The progress bar of a file (or voice message) being uploaded.
 * @csspart cancel-button - The button that stops the uploads in flight.
 * @csspart attach-button - The button beside a text field that picks files to attach.
 * @csspart record-button - The button beside a text field that records a voice message, then stops and sends it.
 * @csspart skip-button - The button that skips a file or payment input.
 * @csspart field-error - Why the typed or picked value cannot be sent.
 * @csspart end - The notice shown when the flow ended.
 * @csspart restart-button - The button that starts a new conversation.
 * @csspart divider - The line under the transcript of a conversation the viewer no longer knows (it stays, read-only, above).
 * @csspart expired - The notice under that line: the conversation has expired, with Start again.
 * @csspart agent-activity - Above an AI answer: what its agent did (its thinking and its tool calls).
 * @csspart agent-tools - The agent's tool calls: a list while it works, then one line ("Used 2 tools") that opens.
 * @csspart agent-thinking - The agent's reasoning, a collapsed section.
 * @csspart agent-sources - The source chips under an AI answer.
 * @csspart start-again-button - The button of the expired notice that starts a new conversation.
 * @csspart launcher - The floating button that opens the bubble.
 * @csspart new-messages - The button that goes to the newest messages when the visitor has scrolled up.
 * @csspart stop-button - The button that stops a streamed answer.
 * @csspart preview - The preview message beside the launcher: the bot's avatar and a short text; a click opens the panel.
 * @csspart preview-close - The preview's close button.
 * @csspart badge - The count of unread messages on the launcher.
 * @csspart actions - The line under a bot answer: its time, Copy and the thumbs (`feedback`).
 * @csspart timestamp - When a message was shown, in the visitor's local time.
 * @csspart feedback-form - The reasons offered after a thumbs down.
 * @csspart menu-button - The header's button that opens the conversation's menu (Conversations with `persist`, Download, Print).
 * @csspart menu - The conversation's menu.
 * @csspart history - The earlier conversations (`persist`): the list the menu's Conversations shows over the panel.
 *
 * @cssproperty [--flowbot-primary-color=#1d4ed8] - Header, launcher, buttons and visitor bubbles.
 * @cssproperty [--flowbot-on-primary-color=#ffffff] - Text and icons on the primary colour.
 * @cssproperty [--flowbot-bot-bubble-color=#f1f5f9] - Bot bubbles.
 * @cssproperty [--flowbot-bot-text-color=#0f172a] - Text in bot bubbles.
 * @cssproperty [--flowbot-user-bubble-color=var(--flowbot-primary-color)] - Visitor bubbles (the site's primary colour, the page's or the Widget resource's, over the bot theme's bubbles).
 * @cssproperty [--flowbot-user-text-color=var(--flowbot-on-primary-color)] - Text in visitor bubbles.
 * @cssproperty [--flowbot-background-color=#ffffff] - The panel's background.
 * @cssproperty [--flowbot-text-color=#0f172a] - The panel's text.
 * @cssproperty [--flowbot-muted-color=#475569] - Secondary text (under a bot theme, a grey nudged to 4.5:1 on its container, and on its fields for cards and pictures).
 * @cssproperty [--flowbot-border-color=#cbd5e1] - Borders of the panel and controls; a text field draws it 45% toward the text colour, so its edge stands 3:1 from the panel.
 * @cssproperty [--flowbot-input-background-color=#ffffff] - Text fields.
 * @cssproperty [--flowbot-input-text-color=#0f172a] - Text in fields.
 * @cssproperty [--flowbot-placeholder-color=#475569] - Placeholders in fields.
 * @cssproperty [--flowbot-error-color=color-mix(in oklab, #dc2626, var(--flowbot-text-color))] - Field errors and marks on answers that were not sent (by default half red, half the text colour: a dark red on light panels, a light one on dark panels).
 * @cssproperty [--flowbot-focus-color=var(--flowbot-primary-color)] - Focus rings (under a bot theme, its primary colour nudged to 3:1 on its container).
 * @cssproperty [--flowbot-font-family=-apple-system, 'Segoe UI', Roboto, Arial, sans-serif] - The font.
 * @cssproperty [--flowbot-code-font-family=ui-monospace, SFMono-Regular, Menlo, Consolas, monospace] - The font of code in markdown answers (spans, blocks and a block's language).
 * @cssproperty [--flowbot-math-font-family=math] - The font of formulas in markdown answers (one with a MATH table, as MathML needs).
 * @cssproperty [--flowbot-radius=16px] - Corner radius of the panel and bubbles.
 * @cssproperty [--flowbot-media-radius=8px] - Corner radius of images, videos and embeds in messages.
 * @cssproperty [--flowbot-panel-width=380px] - Width of the bubble and popup panels.
 * @cssproperty [--flowbot-panel-height=600px] - Height of the panel (inline: of the element, unless the page's CSS gives one, at most the height of a box around it).
 * @cssproperty [--flowbot-max-width=none] - Largest width of the panel.
 * @cssproperty [--flowbot-launcher-size=56px] - Diameter of the launcher.
 * @cssproperty [--flowbot-offset=20px] - Distance of the launcher from the viewport's corner.
 * @cssproperty [--flowbot-z-index=2147483000] - Stacking order of the bubble.
 * @cssproperty [--flowbot-badge-color=#dc2626] - The unread badge.
 * @cssproperty [--flowbot-badge-text-color=#ffffff] - The number on the unread badge.
 * @cssproperty [--flowbot-progress-color=var(--flowbot-primary-color)] - The progress bar's fill (the site's primary colour over the bot theme's bar).
 * @cssproperty [--flowbot-progress-track-color] - The progress bar's track (default: the primary colour at 20%).
 * @cssproperty [--flowbot-background-image] - The transcript's background image (default: the bot's `backgroundUrl`).
 */
export class FlowbotChat extends ChatElement {
  /** Each reactive property's attribute and how it is read (Lit's `static properties`: no decorator helper in the bundle). */
  static override properties = {
    publicId: { attribute: 'public-id' },
    apiHost: { attribute: 'api-host' },
    mode: { reflect: true, useDefault: true },
    widget: { converter: jsonObject('widget') },
    toolNames: { attribute: 'tool-names', converter: jsonObject('tool-names') },
    prefilledVariables: { attribute: 'prefilled-variables', converter: jsonObject('prefilled-variables') },
    open: { type: Boolean, reflect: true },
    persist: {},
    disableStreaming: { attribute: 'disable-streaming', type: Boolean },
    persistKey: { attribute: 'persist-key' },
    preview: {},
    noPreview: { attribute: 'no-preview', type: Boolean },
    previewDelay: { attribute: 'preview-delay', converter: seconds(3) },
    autoOpen: { attribute: 'auto-open', converter: seconds(undefined) },
    autoOpenNarrow: { attribute: 'auto-open-narrow', type: Boolean },
    notifySound: { attribute: 'notify-sound', type: Boolean },
    feedback: {},
    noCopy: { attribute: 'no-copy', type: Boolean },
    noMenu: { attribute: 'no-menu', type: Boolean },
    colorScheme: { attribute: 'color-scheme' },
    notice: {},
    consent: {},
  };

  /** The public id of the flow-bot to talk to. */
  publicId = '';
  /** The viewer base URL (`{viewer_base_url}`); empty means the page's own origin. */
  apiHost = '';
  /**
   * `standard` (inline), `bubble` (floating launcher and panel) or `popup` (modal dialog). A mode the page sets is
   * reflected to the attribute; the default is not, so `flowbot-chat:not([mode])` keeps matching an inline widget.
   */
  mode: FlowbotChatMode = 'standard';
  /** The Widget resource (or a part of it): title, icons, colours, first message, activation. As an attribute: JSON. */
  widget: FlowbotWidget | undefined = undefined;
  /** The site's words for its agent's tools, by tool name (`{"search_kb": "Searching our help centre"}`); a tool without one shows its name made readable. As an attribute: JSON. */
  toolNames: Record<string, string> | undefined = undefined;
  /** Variables sent with `startChat` (`prefilledVariables`). As an attribute: JSON. */
  prefilledVariables: Record<string, unknown> | undefined = undefined;
  /** Whether the bubble or popup is open (reflected to the `open` attribute). Also: `show()`, `hide()`, `toggle()`. */
  open = false;
  /** Remembers the conversation across reloads and pages of the site: `none`, `session` (this tab) or `local`. */
  persist: PersistMode = 'none';
  /** Asks the viewer for whole AI answers instead of streamed ones (for viewers that cannot stream). */
  disableStreaming = false;
  /** Keeps this widget's remembered conversation apart from another widget's of the same bot on the site. Default: the element's `id`, else none. */
  persistKey = '';
  /** The preview message beside the bubble's launcher. Default: the Widget resource's `aiFirstMessage` (none, no preview). */
  preview = '';
  /** Shows no preview message. */
  noPreview = false;
  /** Seconds before the preview appears; `0`: at once. */
  previewDelay = 3;
  /** Opens the bubble or popup by itself after this many seconds, unless it was opened or closed (or the preview dismissed) earlier in the visit. Default: never. */
  autoOpen: number | undefined = undefined;
  /** Lets `auto-open` open the panel on narrow screens (at most 480 px wide) too, where it fills the screen. */
  autoOpenNarrow = false;
  /** A short, quiet chime for each bot message that arrives while the panel is closed (never before the visitor has used the page). */
  notifySound = false;
  /** Which answers offer thumbs up and down (`flowbot-feedback`): `streamed` (streamed AI answers, the default), `all` (every text answer) or `none`. */
  feedback: FlowbotFeedbackMode = 'streamed';
  /** Leaves out the Copy button under the answers. */
  noCopy = false;
  /** Leaves out the conversation's menu (Download, Print) in the header. */
  noMenu = false;
  /**
   * `light` (the default), `dark`, or `auto`: dark while the visitor's system prefers it, following it
   * live. The dark palette is worked out from the Widget resource's colours; the page's `--flowbot-*` properties still win.
   */
  colorScheme: FlowbotColorScheme = 'light';

  /** A notice shown above the conversation (links written `[text](https://…)`): say the visitor is talking to an AI. */
  notice = '';
  /** `required`: nothing is sent to the viewer until the visitor accepts the notice (remembered with `persist`). */
  consent: '' | 'required' = '';
  /** Bot messages that arrived while the bubble or popup was closed; 0 once it opens. Kept across reloads with `persist`. */
  get unreadCount(): number {
    return this.chat.features.invite?.unread ?? 0;
  }

  /** Opens the bubble or popup (starting the chat if it has not started). */
  show(): void {
    this.open = true;
  }

  /** Closes the bubble or popup. The conversation stays as it is. */
  hide(): void {
    this.open = false;
  }

  /** Opens the bubble or popup when closed, closes it when open. */
  toggle(): void {
    this.open = !this.open;
  }

  /** Hides the preview message (or keeps it from appearing) for the rest of the visit. */
  dismissPreview(): void {
    this.chat.features.invite?.dismiss('method');
  }

  /** Drops the conversation (and the remembered one) and starts a new one (a new `startChat`). */
  restart(): void {
    const { session } = this.chat;
    // With the attributes as they are now (set just before, or before the first update).
    configure(this, session);
    if (session.state.status !== 'unavailable' && this.publicId) session.start({ fresh: true });
  }

  /**
   * Sends `text` as the visitor's answer to the current input (for a choice, the item whose label or value
   * it matches). Returns false when nothing can be sent now: no input shown, or a send in flight.
   */
  send(text: string): boolean {
    return this.chat.sendText(text, false);
  }

  /**
   * The conversation so far as a document: `format` is `markdown` (the default) or `text`. Who said what and when, the
   * answers as shown (links as `[text](url)`, files by name and URL), as text only, within the response limits.
   * Resolves once the on-demand part has arrived.
   */
  exportTranscript(format?: 'markdown' | 'text'): Promise<string> {
    return this.chat.exportTranscript(format);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'flowbot-chat': FlowbotChat;
  }
}

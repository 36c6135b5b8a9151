/**
 * A `text input` with `attachments` and/or `audioClip`: the text control
 * plus an attach button (picked files are listed with a remove button each
 * and uploaded when the visitor sends: `{ type: "text", text, attachedFileUrls }`)
 * and a record button (a voice message recorded with `MediaRecorder`,
 * uploaded the same way and sent as `{ type: "audio", url }`). Without a
 * recorder or a microphone the visitor is told so, and the field still
 * works. Loaded on demand.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { attachmentsAnswer, audioAnswer, textAnswer } from '../../protocol/answers.js';
import { pick, readInputOptions } from '../../protocol/json.js';
import type { ChatInput } from '../../protocol/types.js';
import type { InputContext, InputDraft } from '../../render/inputs/context.js';
import { renderError } from './shared.js';
import { renderTextInput } from '../../render/inputs/text-input.js';
import { addFiles, allowedTypes, renderCancel, renderFileList, renderNotice, uploadAll } from './upload.js';

/** A recording in progress, by the draft it belongs to. */
interface Recording {
  readonly recorder: MediaRecorder;
  readonly chunks: Blob[];
  readonly stopped: Promise<void>;
  readonly running: AbortController;
}

const recordings = new WeakMap<InputDraft, Recording>();
/** Drafts whose upload in flight is a voice message (its progress is drawn apart from the files'). */
const clipUploads = new WeakSet<InputDraft>();

const icon = (body: TemplateResult): TemplateResult =>
  html`<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;
// Paths are SVG: made with `svg`, not `html`, or they land in the HTML namespace and never draw.
const PAPERCLIP = svg`<path d="M20 11.5 12.5 19a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7" />`;
const MICROPHONE = svg`<rect x="9" y="3" width="6" height="11" rx="3" /><path d="M5 11a7 7 0 0 0 14 0M12 18v3" />`;
const STOP = svg`<rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />`;

/** A file name for a clip of `type` (`audio/webm;codecs=opus` → `voice-message.webm`). */
function clipName(type: string): string {
  const sub = /^audio\/(?:x-)?([a-z0-9]+)/.exec(type)?.[1] ?? 'webm';
  return `voice-message.${sub === 'mpeg' ? 'mp3' : sub === 'mp4' ? 'm4a' : sub}`;
}

async function startRecording(ctx: InputContext): Promise<void> {
  const { draft, strings } = ctx;
  draft.error = '';
  draft.notice = '';
  const devices = (globalThis.navigator as Navigator | undefined)?.mediaDevices;
  if (typeof globalThis.MediaRecorder !== 'function' || typeof devices?.getUserMedia !== 'function') {
    draft.notice = strings.noRecorder;
    return ctx.changed();
  }
  const running = new AbortController();
  draft.running?.abort();
  draft.running = running;
  draft.recording = true;
  ctx.changed();
  let stream: MediaStream | undefined;
  let recorder: MediaRecorder;
  try {
    stream = await devices.getUserMedia({ audio: true });
    recorder = new MediaRecorder(stream);
  } catch (error) {
    stream?.getTracks().forEach((track) => track.stop());
    if (draft.running === running) draft.running = undefined;
    draft.recording = false;
    // Refused (or no microphone at all): say so; the field goes on working.
    draft.notice =
      (error as { name?: unknown }).name === 'NotSupportedError' ? strings.noRecorder : strings.microphoneRefused;
    return ctx.changed();
  }
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size) chunks.push(event.data);
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  // Whatever ends the recording (sent, the input gone, the element removed) turns the microphone off.
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    if (recorder.state !== 'inactive') recorder.stop();
    stream.getTracks().forEach((track) => track.stop());
    recordings.delete(draft);
    draft.recording = false;
  };
  void stopped.then(release);
  running.signal.addEventListener('abort', release, { once: true });
  if (running.signal.aborted) return release();
  recordings.set(draft, { recorder, chunks, stopped, running });
  recorder.start();
}

async function stopAndSend(input: ChatInput, ctx: InputContext): Promise<void> {
  const { draft, strings } = ctx;
  const recording = recordings.get(draft);
  if (!recording) return;
  recordings.delete(draft);
  if (recording.recorder.state !== 'inactive') recording.recorder.stop();
  await recording.stopped;
  if (recording.running.signal.aborted) return ctx.changed();
  const type = (recording.recorder.mimeType || recording.chunks[0]?.type || 'audio/webm').split(';')[0]!.trim();
  const clip = new File(recording.chunks, clipName(type), { type });
  clipUploads.add(draft);
  const urls = await uploadAll(input, ctx, [clip]);
  clipUploads.delete(draft);
  const [url] = urls ?? [];
  if (url) return ctx.submit(audioAnswer(url, strings.voiceMessage));
  // A cancelled clip is gone: the notice about kept files is about the attachments.
  if (!draft.error) draft.notice = '';
  ctx.changed();
}

/** Sends the visitor's words, with the picked files uploaded first (when there are). */
async function sendAnswer(input: ChatInput, ctx: InputContext, typed: string): Promise<void> {
  const { draft, strings } = ctx;
  const files = [...draft.files];
  if (!files.length) {
    const answer = textAnswer(typed);
    if (answer) ctx.submit(answer);
    return;
  }
  const urls = await uploadAll(input, ctx, files);
  if (!urls) {
    if (draft.noUploads) {
      draft.files = [];
      draft.error = strings.uploadUnavailable;
      ctx.changed();
    }
    return;
  }
  const answer = attachmentsAnswer(
    draft.text,
    urls,
    files.map((file) => file.name),
  );
  if (answer) ctx.submit(answer);
}

/** The text control of `input`, with its attach and record buttons. */
export function renderTextFilesInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const { draft, strings } = ctx;
  const attachments = pick(options.attachments, 'isEnabled') === true && !draft.noUploads;
  const audio = pick(options.audioClip, 'isEnabled') === true && !draft.noUploads;
  const busy = ctx.busy || draft.uploading || draft.recording;
  const types = allowedTypes(input);
  const clip = clipUploads.has(draft) && draft.uploading;

  const tools = html`${
    attachments
      ? html`<button
          part="attach-button"
          class="tool"
          type="button"
          aria-label=${strings.attach}
          title=${strings.attach}
          ?disabled=${busy}
          @click=${(event: Event) =>
            (event.currentTarget as HTMLElement).parentElement
              ?.querySelector<HTMLInputElement>('.attach-picker')
              ?.click()}
        >
          ${icon(PAPERCLIP)}
        </button>
        <input
          class="attach-picker"
          type="file"
          multiple
          hidden
          accept=${types.length ? types.join(',') : nothing}
          @change=${(event: Event) => {
            const field = event.target as HTMLInputElement;
            addFiles(input, ctx, [...(field.files ?? [])], true);
            field.value = '';
          }}
        />`
      : nothing
  }
  ${
    audio
      ? html`<button
        part="record-button"
        class="tool ${draft.recording ? 'on' : ''}"
        type="button"
        aria-label=${draft.recording ? strings.stopRecording : strings.record}
        title=${draft.recording ? strings.stopRecording : strings.record}
        ?disabled=${ctx.busy || draft.uploading}
        @click=${() => void (draft.recording ? stopAndSend(input, ctx) : startRecording(ctx))}
      >
        ${icon(draft.recording ? STOP : MICROPHONE)}
      </button>`
      : nothing
  }`;

  const extra = html`<div class="attached">
    ${draft.recording ? html`<p class="input-notice recording" role="status">${strings.recording}</p>` : nothing}
    ${
      clip
        ? html`<progress
          part="upload-progress"
          max="100"
          .value=${Math.round((draft.progress[0] ?? 0) * 100)}
          aria-label=${strings.uploadOf.replace('{name}', strings.voiceMessage)}
        ></progress>`
        : nothing
    }
    ${renderFileList(ctx, busy, !clip)}
    ${renderError(ctx)} ${renderNotice(ctx)} ${renderCancel(ctx)}
  </div>`;

  return renderTextInput(input, ctx, { tools, extra, busy, send: (typed) => void sendAnswer(input, ctx, typed) });
}

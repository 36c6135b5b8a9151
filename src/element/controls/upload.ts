/**
 * What the file input, the text input's attachments and its voice messages
 * share: checking picked files against the input's limits, uploading them
 * (`uploadFile` of the client) with a progress bar each and a cancel, the
 * list of picked files, and reporting a failure to the bot's owner. Loaded
 * with the on-demand part.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { isAbortError, isFlowbotHttpError } from '../../api/errors.js';
import { uploadFile } from '../../api/upload.js';
import type { FlowbotStrings } from '../../i18n/lookup.js';
import { pick, readInputOptions, text } from '../../protocol/json.js';
import type { ChatInput } from '../../protocol/types.js';
import type { InputContext } from '../../render/inputs/context.js';
import { numberOption } from './shared.js';
import { UPLOAD_URL_PATH } from '../../protocol/routes.js';

const MB = 1024 * 1024;

/** The input's `allowedFileTypes` (lower-case), or `[]` when any type goes. */
export function allowedTypes(input: ChatInput): string[] {
  const allowed = pick(readInputOptions(input), 'allowedFileTypes');
  const list = pick(allowed, 'types');
  return pick(allowed, 'isEnabled') === true && Array.isArray(list)
    ? list.map((t) => text(t)?.trim().toLowerCase()).filter((t): t is string => !!t)
    : [];
}

/** Whether `file` matches one of `types` (`.pdf`, `image/*`, `application/pdf`). */
function accepted(file: File, types: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return (
    !types.length ||
    types.some((t) =>
      t.startsWith('.') ? name.endsWith(t) : t.endsWith('/*') ? type.startsWith(t.slice(0, -1)) : type === t,
    )
  );
}

/**
 * Splits `picked` into the files the input takes and a message per refused
 * file (a type outside `allowedFileTypes`, a size over `sizeLimit` MB), one
 * per line. Nothing refused is ever sent.
 */
function checkFiles(
  input: ChatInput,
  picked: readonly File[],
  strings: FlowbotStrings,
): { fits: File[]; refused: string } {
  const types = allowedTypes(input);
  const limit = numberOption(pick(readInputOptions(input), 'sizeLimit'));
  const fits: File[] = [];
  const refused: string[] = [];
  for (const file of picked) {
    if (!accepted(file, types)) refused.push(`${strings.fileType}: ${file.name}`);
    else if (limit !== undefined && limit > 0 && file.size > limit * MB) {
      refused.push(`${strings.fileTooLarge.replace('{size}', String(limit))}: ${file.name}`);
    } else fits.push(file);
  }
  return { fits, refused: refused.join('\n') };
}

/** Adds `picked` to the draft's files (replacing them without `multiple`), showing what was refused. */
export function addFiles(input: ChatInput, ctx: InputContext, picked: readonly File[], multiple: boolean): void {
  const { draft } = ctx;
  const { fits, refused } = checkFiles(input, picked, ctx.strings);
  draft.error = refused;
  draft.notice = '';
  if (fits.length) {
    draft.files = multiple
      ? [...draft.files.filter((old) => !fits.some((f) => f.name === old.name && f.size === old.size)), ...fits]
      : fits.slice(0, 1);
  }
  ctx.changed();
}

/**
 * Uploads `files` for `input` in parallel, showing each one's progress in
 * `draft.progress`; resolves to their URLs, in order, or `undefined` when the
 * visitor cancelled or an upload failed (the draft then says so and keeps
 * the files). The first failure stops the other uploads.
 */
export async function uploadAll(
  input: ChatInput,
  ctx: InputContext,
  files: readonly File[],
): Promise<string[] | undefined> {
  const { draft, strings } = ctx;
  const running = new AbortController();
  draft.running?.abort();
  draft.running = running;
  draft.uploading = true;
  draft.error = '';
  draft.notice = '';
  draft.progress = files.map(() => 0);
  ctx.changed();
  const done = (): void => {
    if (draft.running === running) draft.running = undefined;
    draft.uploading = false;
    draft.progress = [];
  };

  const { sessionId } = ctx;
  let failed: { file: File; error: unknown } | undefined;
  try {
    if (!sessionId) throw new Error('No session to upload for');
    const urls = await Promise.all(
      files.map((file, index) =>
        uploadFile({
          viewerBaseUrl: ctx.apiHost,
          sessionId,
          blockId: input.id,
          file,
          signal: running.signal,
          onProgress: (fraction) => {
            if (draft.running !== running) return;
            // The bar moves by whole percents: a render of the element for each of them, not for every event.
            const moved = Math.round(fraction * 100) !== Math.round((draft.progress[index] ?? -1) * 100);
            draft.progress[index] = fraction;
            if (moved) ctx.changed();
          },
        }).then(
          ({ fileUrl }) => fileUrl,
          (error: unknown) => {
            // The first real failure stops the others; their aborts are not failures of their own.
            if (!running.signal.aborted) {
              failed = { file, error };
              running.abort();
            }
            throw error;
          },
        ),
      ),
    );
    done();
    return urls;
  } catch (error) {
    done();
    if (!failed && isAbortError(error)) {
      // Cancelled by the visitor, or the input went away: the files stay for another try.
      draft.notice = strings.uploadCancelled;
    } else {
      const cause = failed?.error ?? error;
      // The viewer no longer knows the session: the conversation says it expired, with Start again.
      if (sessionId && ctx.expired?.(cause, draft.text)) {
        ctx.changed();
        return undefined;
      }
      // The viewer has no upload call at all (or the session is gone): only the skip is left.
      draft.noUploads =
        !sessionId || (isFlowbotHttpError(cause) && [404, 501].includes(cause.status) && isAskUrl(cause.url));
      draft.error = strings.uploadFailed;
      reportFailure(ctx, failed?.file, cause);
    }
    ctx.changed();
    return undefined;
  }
}

const isAskUrl = (url: string): boolean => url.includes(`/${UPLOAD_URL_PATH}`);

/** Tells the bot's owner an upload failed: the file's type and size, the status, never its name or contents. */
function reportFailure(ctx: InputContext, file: Blob | undefined, error: unknown): void {
  const http = isFlowbotHttpError(error) ? error : undefined;
  ctx.log('error', 'A file upload failed in the visitor’s browser', 'upload', {
    step: http && isAskUrl(http.url) ? 'generate-upload-url' : 'storage',
    error: (error as { name?: unknown } | undefined)?.name ?? 'Error',
    ...(http ? { status: http.status } : {}),
    ...(file ? { fileType: file.type || 'unknown', fileSize: file.size } : {}),
  });
}

/** Stops the uploads (or the recording) in flight; the draft keeps the files. */
function cancelRunning(ctx: InputContext): void {
  ctx.draft.running?.abort();
}

/**
 * The picked files, each with its remove button, or its progress bar while
 * they upload (`progress`: false while something else uploads).
 */
export function renderFileList(ctx: InputContext, busy: boolean, progress = true): TemplateResult | typeof nothing {
  const { draft, strings } = ctx;
  if (!draft.files.length) return nothing;
  return html`<ul class="files">
    ${draft.files.map(
      (file, index) => html`<li part="file">
        <span>${file.name}</span>
        ${
          draft.uploading && progress
            ? html`<progress
              part="upload-progress"
              max="100"
              .value=${Math.round((draft.progress[index] ?? 0) * 100)}
              aria-label=${strings.uploadOf.replace('{name}', file.name)}
            ></progress>`
            : html`<button
              class="remove"
              type="button"
              aria-label="${strings.remove} ${file.name}"
              ?disabled=${busy}
              @click=${() => {
                draft.files = draft.files.filter((_, i) => i !== index);
                draft.notice = '';
                ctx.changed();
              }}
            >
              ×
            </button>`
        }
      </li>`,
    )}
  </ul>`;
}

/** The cancel button of the uploads in flight. */
export function renderCancel(ctx: InputContext): TemplateResult | typeof nothing {
  return ctx.draft.uploading
    ? html`<button part="cancel-button" class="skip" type="button" @click=${() => cancelRunning(ctx)}>
        ${ctx.strings.cancelUpload}
      </button>`
    : nothing;
}

/** The control's polite status line (a cancelled upload, no microphone). */
export function renderNotice(ctx: InputContext): TemplateResult | typeof nothing {
  return ctx.draft.notice ? html`<p class="input-notice" role="status">${ctx.draft.notice}</p>` : nothing;
}

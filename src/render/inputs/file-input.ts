/**
 * `file input`: pick files (the native picker, reached by keyboard too) or
 * drop them on the field, see them listed with a remove button each, then
 * upload them (see `upload.ts`) and answer with their URLs. Files outside
 * `allowedFileTypes` are refused with a visible error; without
 * `isMultipleAllowed` a new file replaces the old one. A skip continues
 * without an answer when the input is not required, or when the server has no
 * upload call.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChatInput } from '../../protocol/types.js';
import { pick, readInputOptions, text } from '../../protocol/json.js';
import type { InputContext } from './context.js';
import { invalidAttrs, label, renderError, renderSkip, renderSkipNotice } from './shared.js';
import { uploadFiles, UploadsUnavailableError } from './upload.js';

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

const dragClass = (event: DragEvent, on: boolean): void => {
  event.preventDefault();
  (event.currentTarget as HTMLElement).classList.toggle('over', on);
};

/** The file control for `input`. */
export function renderFileInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const { draft, strings } = ctx;
  const multiple = options.isMultipleAllowed === true;
  const allowed = pick(options, 'allowedFileTypes');
  const list = pick(allowed, 'types');
  const types =
    pick(allowed, 'isEnabled') === true && Array.isArray(list)
      ? list.map((t) => text(t)?.trim().toLowerCase()).filter((t): t is string => !!t)
      : [];
  const busy = ctx.busy || draft.uploading;
  const { invalid, describedBy } = invalidAttrs(ctx);

  const add = (files: FileList | null | undefined): void => {
    const picked = [...(files ?? [])];
    const fits = picked.filter((file) => accepted(file, types));
    const refused = picked.filter((file) => !fits.includes(file)).map((file) => file.name);
    draft.error = refused.length ? `${strings.fileType}: ${refused.join(', ')}` : '';
    if (fits.length) {
      draft.files = multiple
        ? [...draft.files.filter((old) => !fits.some((f) => f.name === old.name && f.size === old.size)), ...fits]
        : fits.slice(0, 1);
    }
    ctx.changed();
  };

  const upload = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (busy || !draft.files.length) return;
    draft.uploading = true;
    draft.error = '';
    ctx.changed();
    try {
      const urls = await uploadFiles(ctx.apiHost, ctx.sessionId, draft.files);
      draft.uploading = false;
      ctx.submit({ answer: urls.join(', '), text: draft.files.map((file) => file.name).join(', ') });
    } catch (error) {
      draft.uploading = false;
      draft.noUploads = error instanceof UploadsUnavailableError;
      draft.error = strings.uploadFailed;
    }
    ctx.changed();
  };

  const skipLabel = label(input, 'skip') ?? strings.skip;
  if (draft.noUploads) return renderSkipNotice(ctx, strings.uploadUnavailable, skipLabel);

  return html`<form class="file-input" novalidate @submit=${upload}>
    <label
      part="file-drop"
      class="drop"
      @dragover=${(event: DragEvent) => dragClass(event, true)}
      @dragleave=${(event: DragEvent) => dragClass(event, false)}
      @drop=${(event: DragEvent) => {
        dragClass(event, false);
        if (!busy) add(event.dataTransfer?.files);
      }}
    >
      <input
        class="visually-hidden"
        type="file"
        ?multiple=${multiple}
        accept=${types.length ? types.join(',') : nothing}
        ?disabled=${busy}
        aria-invalid=${invalid}
        aria-describedby=${describedBy}
        @change=${(event: Event) => {
          const field = event.target as HTMLInputElement;
          add(field.files);
          field.value = '';
        }}
      />
      ${label(input, 'placeholder') ?? strings.dropFiles}
    </label>
    ${draft.files.length
      ? html`<ul class="files">
          ${draft.files.map(
            (file, index) => html`<li part="file">
              <span>${file.name}</span>
              <button
                class="remove"
                type="button"
                aria-label="${strings.remove} ${file.name}"
                ?disabled=${busy}
                @click=${() => {
                  draft.files = draft.files.filter((_, i) => i !== index);
                  ctx.changed();
                }}
              >
                ×
              </button>
            </li>`,
          )}
        </ul>`
      : nothing}
    ${renderError(ctx)}
    <div class="actions">
      ${options.isRequired === false ? renderSkip(ctx, skipLabel) : nothing}
      <button part="send-button" class="send" type="submit" ?disabled=${busy || !draft.files.length}>
        ${draft.uploading ? strings.uploading : (label(input, 'button') ?? strings.send)}
      </button>
    </div>
  </form>`;
}

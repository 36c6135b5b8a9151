/**
 * `file input`: pick files (the native picker, reached by keyboard too) or
 * drop them on the field, see them listed with a remove button each, then
 * upload them (see `upload.ts`: a progress bar per file and a cancel) and
 * answer with their URLs. Files outside `allowedFileTypes` or over
 * `sizeLimit` are refused with a visible message each; without
 * `isMultipleAllowed` a new file replaces the old one. A skip continues
 * without an answer when the input is not required, or when the server has no
 * upload call.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { filesAnswer } from '../../protocol/answers.js';
import type { ChatInput } from '../../protocol/types.js';
import { readInputOptions } from '../../protocol/json.js';
import type { InputContext } from '../../render/inputs/context.js';
import { invalidAttrs, label, renderError, renderSkip, renderSkipNotice } from './shared.js';
import { addFiles, allowedTypes, renderCancel, renderFileList, renderNotice, uploadAll } from './upload.js';

const dragClass = (event: DragEvent, on: boolean): void => {
  event.preventDefault();
  (event.currentTarget as HTMLElement).classList.toggle('over', on);
};

/** The file control for `input`. */
export function renderFileInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const { draft, strings } = ctx;
  const multiple = options.isMultipleAllowed === true;
  const types = allowedTypes(input);
  const busy = ctx.busy || draft.uploading;
  const { invalid, describedBy } = invalidAttrs(ctx);

  const add = (files: FileList | null | undefined): void => addFiles(input, ctx, [...(files ?? [])], multiple);

  const upload = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (busy || !draft.files.length) return;
    const files = [...draft.files];
    const urls = await uploadAll(input, ctx, files);
    if (urls)
      ctx.submit(
        filesAnswer(
          urls,
          files.map((file) => file.name),
        ),
      );
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
    ${renderFileList(ctx, busy)}
    ${renderError(ctx)} ${renderNotice(ctx)}
    <div class="actions">
      ${renderCancel(ctx)} ${options.isRequired === false && !draft.uploading ? renderSkip(ctx, skipLabel) : nothing}
      <button part="send-button" class="send" type="submit" ?disabled=${busy || !draft.files.length}>
        ${draft.uploading ? strings.uploading : (label(input, 'button') ?? strings.send)}
      </button>
    </div>
  </form>`;
}

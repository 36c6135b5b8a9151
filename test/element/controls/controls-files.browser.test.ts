import { expect } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { errorOf, focused, mountInput, settle, tabTo, thanks, unavailable } from '../controls-helpers.js';
import { $, botTexts, part, parts, text, userTexts } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';
import { FlowbotTimeoutError, uploadFile } from '../../../src/api/index.js';
import { demoAt, mountDemoAt, storageRequests, type SeenRequest } from './upload-helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const fileInput = (el: FlowbotChat) => $<HTMLInputElement>(el, '[part~="file-drop"] input[type="file"]')!;
const listed = (el: FlowbotChat) => parts(el, 'file').map((li) => text(li.querySelector('span')));
const sendButton = (el: FlowbotChat) => part<HTMLButtonElement>(el, 'send-button');
const pdf = (name = 'cv.pdf') => new File(['%PDF-1.4 a tiny pdf'], name, { type: 'application/pdf' });
const png = (name = 'photo.png') =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

/** Drops `files` on the drop zone the way a browser does. */
function drop(el: FlowbotChat, files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  const zone = part(el, 'file-drop')!;
  zone.dispatchEvent(
    new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true, composed: true }),
  );
  zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, composed: true }));
}

const fileOptions = {
  isMultipleAllowed: true,
  isRequired: false,
  allowedFileTypes: { isEnabled: true, types: ['.pdf', '.png'] },
  labels: { placeholder: 'Drop files here', button: 'Upload', skip: 'Skip' },
};

const json = (body: unknown, status = 200) => Response.json(body, { status });
// Reading the URL without wrapping the request: a Request built from another one uses up its body.
const urlOf = (input: RequestInfo | URL): string => (input instanceof Request ? input.url : String(input));

/** The answers that walk the demo flow's "Every input" branch up to its file input. */
const DEMO_TO_FILE: unknown[] = [
  { type: 'text', text: 'Every input', metadata: { replyId: 'path-full' } },
  'Ada',
  'Learning',
  '30',
  'ada@example.com',
  'example.com',
  '+15550100199',
  '2026-03-05',
  '2026-07-10 to 2026-07-24',
  '2026-09-01T09:30',
  '07:45',
  'Design',
  'Brazil',
  'cat',
  '9',
  '4',
];

async function mountDemoAtFile(): Promise<{ el: FlowbotChat; requests: SeenRequest[] }> {
  const mounted = await mountDemoAt(DEMO_TO_FILE);
  await until(() => part(mounted.el, 'file-drop'));
  return mounted;
}

const fileNameOf = (form: FormData): string => (form.get('file') as File | null)?.name ?? '';
const continued = (requests: SeenRequest[]) => requests.filter((r) => r.url.endsWith('/continueChat'));
const asks = (requests: SeenRequest[]) => requests.filter((r) => r.url.endsWith('/api/v3/generate-upload-url'));

describe('<flowbot-chat>', () => {
  describe('file input', () => {
    it('lists picked and dropped files, refuses other types with a visible error, and removes by keyboard', async () => {
      const { el, sent } = await mountInput({ type: 'file input', options: fileOptions });
      const input = fileInput(el);
      expect(input.multiple).to.equal(true);
      expect(input.accept).to.equal('.pdf,.png');
      expect(text(part(el, 'file-drop'))).to.equal('Drop files here');
      expect(sendButton(el)!.disabled).to.equal(true);
      await userEvent.upload(input, [pdf()]);
      drop(el, [png(), new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['cv.pdf', 'photo.png']);
      expect(errorOf(el).message).to.equal('This type of file is not accepted: notes.txt');
      expect(errorOf(el).describes).to.deep.equal([input]);
      const remove = await tabTo(el, '[part~="file"] button');
      expect(remove.getAttribute('aria-label')).to.equal('Remove cv.pdf');
      await userEvent.keyboard('{Enter}');
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['photo.png']);
      await settle();
      expect(sent()).to.deep.equal([]);
    });

    it('keeps one file only without isMultipleAllowed', async () => {
      const { el } = await mountInput({ type: 'file input' });
      expect(fileInput(el).multiple).to.equal(false);
      expect(fileInput(el).hasAttribute('accept')).to.equal(false);
      expect(text(part(el, 'file-drop'))).to.equal('Choose or drop files');
      // Required by default: no skip.
      expect(part(el, 'skip-button')).to.equal(null);
      drop(el, [pdf('a.pdf'), pdf('b.pdf')]);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['a.pdf']);
      drop(el, [png()]);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['photo.png']);
    });

    it('shows the drop zone focused when the file field is reached by Tab', async () => {
      const { el } = await mountInput({ type: 'file input', options: fileOptions });
      await tabTo(el, 'input[type="file"]');
      expect(getComputedStyle(part(el, 'file-drop')!).outlineStyle).to.equal('solid');
    });

    it('uploads through the reference server and answers with the file URLs', async () => {
      const { el, requests } = await mountDemoAtFile();
      const storage = storageRequests();
      await userEvent.upload(fileInput(el), [pdf(), png()]);
      await el.updateComplete;
      await tabTo(el, '[part~="send-button"]');
      expect(text(sendButton(el))).to.equal('Upload');
      await userEvent.keyboard('{Enter}');
      await until(() => botTexts(el).some((t) => t.startsWith('A payment step')), 8000);
      // The visitor's bubble shows the names.
      expect(userTexts(el)).to.deep.equal(['cv.pdf, photo.png']);
      const session = (JSON.parse(asks(requests)[0]!.body) as { sessionId: string }).sessionId;
      expect(session).to.be.a('string').and.not.equal('');
      expect(asks(requests).map((r) => JSON.parse(r.body))).to.deep.equal([
        { sessionId: session, blockId: 'file', fileName: 'cv.pdf', fileType: 'application/pdf', fileSize: 19 },
        { sessionId: session, blockId: 'file', fileName: 'photo.png', fileType: 'image/png', fileSize: 8 },
      ]);
      // Every field of the signed form, then the file.
      expect(storage.forms.map((form) => [...form.keys()])).to.deep.equal([
        ['key', 'policy', 'signature', 'Content-Type', 'file'],
        ['key', 'policy', 'signature', 'Content-Type', 'file'],
      ]);
      await until(() => continued(requests).length === 1);
      const { message } = JSON.parse(continued(requests)[0]!.body) as {
        message: { type: string; text: string; attachedFileUrls: string[] };
      };
      const urls = message.attachedFileUrls;
      expect(urls).to.have.length(2);
      expect(message).to.deep.equal({ type: 'text', text: urls.join(', '), attachedFileUrls: urls });
      expect(urls[0]).to.match(/^http:\/\/[^/]+\/api\/v3\/files\/[\w-]+\/cv\.pdf$/);
      // The server serves the files back, byte for byte.
      const pdfBack = await fetch(urls[0]!);
      // Not a type the server shows inline: a download.
      expect(pdfBack.headers.get('content-type')).to.equal('application/octet-stream');
      expect(await pdfBack.text()).to.equal('%PDF-1.4 a tiny pdf');
      const pngBack = new Uint8Array(await (await fetch(urls[1]!)).arrayBuffer());
      expect([...pngBack]).to.deep.equal([137, 80, 78, 71, 13, 10, 26, 10]);
    });

    it('shows a progress bar per file that reaches 100%', async () => {
      const { el } = await mountDemoAtFile();
      // The photo's storage answers late, so the PDF's finished bar is on screen meanwhile.
      storageRequests((form) => (fileNameOf(form) === 'photo.png' ? 'delay=400' : undefined));
      const seen = new Map<string, number[]>();
      const observer = new MutationObserver(() => {
        for (const bar of parts<HTMLProgressElement>(el, 'upload-progress')) {
          const name = bar.getAttribute('aria-label')!;
          seen.set(name, [...(seen.get(name) ?? []), bar.value]);
        }
      });
      observer.observe(el.shadowRoot!, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['value'],
      });
      drop(el, [pdf(), png()]);
      await el.updateComplete;
      sendButton(el)!.click();
      const bars = await until(() =>
        parts(el, 'upload-progress').length === 2 ? parts<HTMLProgressElement>(el, 'upload-progress') : null,
      );
      expect(
        bars.map((bar) => [bar.max, bar.getAttribute('aria-label'), bar.closest('[part~="file"]') !== null]),
      ).to.deep.equal([
        [100, 'Upload of cv.pdf', true],
        [100, 'Upload of photo.png', true],
      ]);
      expect(text(sendButton(el))).to.equal('Uploading…');
      await until(() => seen.get('Upload of cv.pdf')?.includes(100));
      await until(() => userTexts(el).length === 1, 8000);
      observer.disconnect();
      const pdfValues = seen.get('Upload of cv.pdf')!;
      expect(
        pdfValues.every((value, i) => i === 0 || value >= pdfValues[i - 1]!),
        pdfValues.join(),
      ).to.equal(true);
      await expect(el).to.be.accessible();
    });

    it('refuses files over sizeLimit or of other types, one message each, and sends nothing', async () => {
      const { el, requests } = await mountDemoAtFile();
      const storage = storageRequests();
      const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
      drop(el, [big, new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
      await el.updateComplete;
      expect(errorOf(el).message).to.equal(
        'This file is larger than 2 MB: big.pdf\nThis type of file is not accepted: notes.txt',
      );
      expect(listed(el)).to.deep.equal([]);
      expect(sendButton(el)!.disabled).to.equal(true);
      sendButton(el)!.click();
      await settle(150);
      expect(asks(requests)).to.deep.equal([]);
      expect(storage.forms).to.deep.equal([]);
      expect(continued(requests)).to.deep.equal([]);
    });

    it('cancels the uploads in flight and keeps the files for another try', async () => {
      const { el, requests } = await mountDemoAtFile();
      let hang = true;
      const storage = storageRequests(() => (hang ? 'hang' : undefined));
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      const cancel = await until(() => part<HTMLButtonElement>(el, 'cancel-button'));
      await until(() => storage.forms.length === 1);
      expect(text(cancel)).to.equal('Cancel');
      expect(part(el, 'skip-button')).to.equal(null);
      cancel.click();
      await until(() => !part(el, 'cancel-button'));
      expect(storage.aborted()).to.equal(1);
      expect(text($(el, '.input-notice'))).to.equal('Upload cancelled. Your files are kept.');
      expect($(el, '.input-notice')!.getAttribute('role')).to.equal('status');
      expect(listed(el)).to.deep.equal(['cv.pdf']);
      expect(parts(el, 'upload-progress')).to.deep.equal([]);
      expect(sendButton(el)!.disabled).to.equal(false);
      expect(continued(requests)).to.deep.equal([]);
      // Sent again, it goes through.
      hang = false;
      sendButton(el)!.click();
      await until(() => userTexts(el).length === 1, 8000);
      expect(userTexts(el)).to.deep.equal(['cv.pdf']);
      expect(asks(requests)).to.have.length(2);
    });

    it('times out a storage that stops moving (uploadFile through XMLHttpRequest), and aborts its request', async () => {
      const { start, last } = await demoAt(DEMO_TO_FILE);
      const blockId = String((last.input as { id: unknown }).id);
      const storage = storageRequests(() => 'hang');
      const upload = uploadFile({
        viewerBaseUrl: '',
        sessionId: String(start.sessionId),
        blockId,
        file: pdf(),
        timeout: 300,
      });
      const error = await upload.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(FlowbotTimeoutError);
      expect((error as FlowbotTimeoutError).timeout).to.equal(300);
      expect((error as Error).message).to.match(
        /^uploadFile timed out: nothing moved for 300 ms: POST http:\/\/[^ ]+\/api\/v3\/storage/,
      );
      expect(storage.aborted()).to.equal(1);
    });

    it('keeps the files, says the upload failed and tells the bot owner when the signed form is refused', async () => {
      const { el, requests } = await mountDemoAtFile();
      storageRequests(() => 'status=500');
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      await until(() => part(el, 'field-error'));
      expect(errorOf(el).message).to.equal('The upload failed. Try again.');
      expect(listed(el)).to.deep.equal(['cv.pdf']);
      expect(sendButton(el)!.disabled).to.equal(false);
      expect(part(el, 'file-drop')).to.exist;
      const log = await until(() => requests.find((r) => r.url.endsWith('/clientLogs')));
      const { clientLogs } = JSON.parse(log.body) as {
        clientLogs: { status: string; context: string; details: string }[];
      };
      expect(clientLogs).to.have.length(1);
      expect([clientLogs[0]!.status, clientLogs[0]!.context]).to.deep.equal(['error', 'upload']);
      expect(JSON.parse(clientLogs[0]!.details)).to.deep.equal({
        step: 'storage',
        error: 'FlowbotHttpError',
        status: 500,
        fileType: 'application/pdf',
        fileSize: 19,
      });
      // No personal data: not the file's name.
      expect(log.body).not.to.contain('cv.pdf');
      expect(continued(requests)).to.deep.equal([]);
    });

    it('says so and offers the skip when the server has no upload call', async () => {
      const { el, sent, calls } = await mountInput({ type: 'file input', options: { isRequired: true } }, [thanks]);
      const fetchStub = vi.mocked(globalThis.fetch);
      const viewer = fetchStub.getMockImplementation()!;
      fetchStub.mockImplementation(async (input, init) =>
        urlOf(input).endsWith('/api/v3/generate-upload-url') ? json({ message: 'No route' }, 404) : viewer(input, init),
      );
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      await until(() => part(el, 'skip-button'));
      expect(text($(el, '.skip-input p'))).to.equal('Files cannot be uploaded here.');
      expect(part(el, 'file-drop')).to.equal(null);
      expect(sendButton(el)).to.equal(null);
      expect(calls.filter((c) => c.kind === 'continue')).to.have.length(0);
      await expect(el).to.be.accessible();
      part<HTMLButtonElement>(el, 'skip-button')!.click();
      await until(() => botTexts(el).includes('Thanks!'));
      expect(sent()).to.deep.equal([{}]);
      expect(userTexts(el)).to.deep.equal(['Skip']);
    });

    it('PUTs the file with fetch where there is no XMLHttpRequest, and keeps the files when that fails', async () => {
      const { el, sent } = await mountInput({ type: 'file input', options: fileOptions });
      vi.stubGlobal('XMLHttpRequest', undefined);
      const fetchStub = vi.mocked(globalThis.fetch);
      const viewer = fetchStub.getMockImplementation()!;
      const puts: Request[] = [];
      fetchStub.mockImplementation(async (input, init) => {
        if (urlOf(input).endsWith('/api/v3/generate-upload-url'))
          return json({ presignedUrl: '/put-here', fileUrl: '/file' });
        if (input instanceof Request && input.method === 'PUT') {
          puts.push(input);
          return json({ message: 'Too large' }, 413);
        }
        return viewer(input, init);
      });
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      await until(() => part(el, 'field-error'));
      expect(errorOf(el).message).to.equal('The upload failed. Try again.');
      expect(puts.map((r) => [new URL(r.url).pathname, r.headers.get('content-type')])).to.deep.equal([
        ['/put-here', 'application/pdf'],
      ]);
      expect(listed(el)).to.deep.equal(['cv.pdf']);
      expect(sendButton(el)!.disabled).to.equal(false);
      expect(sent()).to.deep.equal([]);
    });

    it('keeps the files when the answer fails to send', async () => {
      const { el } = await mountInput({ type: 'file input', options: fileOptions }, [unavailable()]);
      vi.stubGlobal('XMLHttpRequest', undefined);
      const fetchStub = vi.mocked(globalThis.fetch);
      const viewer = fetchStub.getMockImplementation()!;
      fetchStub.mockImplementation(async (input, init) => {
        if (urlOf(input).endsWith('/api/v3/generate-upload-url')) {
          return json({ presignedUrl: '/put-here', fileUrl: 'https://files.example/cv.pdf' });
        }
        if (input instanceof Request && input.method === 'PUT') return new Response(null, { status: 204 });
        return viewer(input, init);
      });
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      await until(() => part(el, 'retry-button'));
      expect(listed(el)).to.deep.equal(['cv.pdf']);
    });

    it('skips without an answer when the input is not required', async () => {
      const { el, sent } = await mountInput({ type: 'file input', options: fileOptions });
      const skip = await tabTo(el, '[part~="skip-button"]');
      expect(text(skip)).to.equal('Skip');
      await userEvent.keyboard('{Enter}');
      await until(() => botTexts(el).includes('Thanks!'));
      expect(sent()).to.deep.equal([{}]);
    });

    it('is accessible', async () => {
      const { el } = await mountInput({ type: 'file input', options: fileOptions });
      drop(el, [pdf(), new File(['x'], 'x.exe')]);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['cv.pdf']);
      await expect(el).to.be.accessible();
    });
  });

  describe('payment input', () => {
    it('says payments cannot be made here and skips to the next step of the demo flow', async () => {
      const { el, requests } = await mountDemoAtFile();
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      const skip = await until(() => $<HTMLButtonElement>(el, '.skip-input [part~="skip-button"]'), 8000);
      expect(text($(el, '.skip-input p'))).to.equal('Payments cannot be made in this chat.');
      await expect(el).to.be.accessible();
      skip.focus();
      await userEvent.keyboard('{Enter}');
      await until(() => part(el, 'card'), 8000);
      expect(JSON.parse(requests.filter((r) => r.url.endsWith('/continueChat')).at(-1)!.body)).to.deep.equal({});
      // The next input (the cards) takes the focus.
      expect(focused(el)?.closest('[part~="card"]')).to.exist;
    });
  });
});

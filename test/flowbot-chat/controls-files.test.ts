import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/flowbot-chat.js';
import { errorOf, focused, mountInput, settle, tabTo, thanks, unavailable } from './controls-helpers.js';
import { $, botTexts, part, parts, text, until, userTexts } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const fileInput = (el: FlowbotChat) => $<HTMLInputElement>(el, '[part~="file-drop"] input[type="file"]')!;
const listed = (el: FlowbotChat) => parts(el, 'file').map((li) => text(li.querySelector('span')));
const sendButton = (el: FlowbotChat) => part<HTMLButtonElement>(el, 'send-button');
const pdf = (name = 'cv.pdf') => new File(['%PDF-1.4 a tiny pdf'], name, { type: 'application/pdf' });
const png = (name = 'photo.png') => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

/** Drops `files` on the drop zone the way a browser does. */
function drop(el: FlowbotChat, files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  const zone = part(el, 'file-drop')!;
  zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true, composed: true }));
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

/**
 * A real demo session of the reference server, walked up to its file input by
 * plain HTTP, then handed to the element: its startChat gets that session and
 * input, and every other call reaches the real server.
 */
const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A real demo session of the reference server, walked up to its file input by plain HTTP. */
async function demoAtFile(): Promise<{ start: Record<string, unknown>; last: Record<string, unknown> }> {
  const call = async (url: string, body: unknown) => (await (await post(url, body)).json()) as Record<string, unknown>;
  const start = await call('/api/v1/flowbots/demo/startChat', {});
  let last = start;
  for (const message of DEMO_TO_FILE) last = await call(`/api/v1/sessions/${String(start.sessionId)}/continueChat`, { message });
  expect((last.input as { type: string }).type).to.equal('file input');
  return { start, last };
}

async function mountDemoAtFile(): Promise<{ el: FlowbotChat; requests: { method: string; url: string; body: string }[] }> {
  const { start, last } = await demoAtFile();
  const requests: { method: string; url: string; body: string }[] = [];
  const original = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/startChat')) return json({ ...start, messages: last.messages, input: last.input });
    const body = request.body && !request.url.includes('/uploads/') ? await request.clone().text() : '';
    requests.push({ method: request.method, url: request.url, body });
    return original(request);
  });
  const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="demo"></flowbot-chat>`);
  await until(() => part(el, 'file-drop'));
  return { el, requests };
}

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
      await userEvent.upload(fileInput(el), [pdf(), png()]);
      await el.updateComplete;
      await tabTo(el, '[part~="send-button"]');
      expect(text(sendButton(el))).to.equal('Upload');
      await userEvent.keyboard('{Enter}');
      await until(() => botTexts(el).some((t) => t.startsWith('A payment step')), 8000);
      expect(userTexts(el)).to.deep.equal(['cv.pdf, photo.png']);
      const asks = requests.filter((r) => r.url.endsWith('/uploads'));
      expect(asks.map((r) => JSON.parse(r.body))).to.deep.equal([
        { fileName: 'cv.pdf', fileType: 'application/pdf', fileSize: 19 },
        { fileName: 'photo.png', fileType: 'image/png', fileSize: 8 },
      ]);
      expect(requests.filter((r) => r.method === 'PUT')).to.have.length(2);
      const answer = JSON.parse(requests.find((r) => r.url.endsWith('/continueChat'))!.body) as { message: string };
      const urls = answer.message.split(', ');
      expect(urls).to.have.length(2);
      expect(urls[0]).to.match(/^http:\/\/[^/]+\/api\/v1\/uploads\/[\w-]+\/cv\.pdf$/);
      // The server serves the file back, as an attachment.
      const back = await fetch(urls[0]!);
      expect(back.headers.get('content-disposition')).to.contain('attachment');
      expect(await back.text()).to.equal('%PDF-1.4 a tiny pdf');
    });

    it('says so and offers the skip when the server has no upload call', async () => {
      const { el, sent, calls } = await mountInput({ type: 'file input', options: { isRequired: true } }, [thanks]);
      const fetchStub = vi.mocked(globalThis.fetch);
      const viewer = fetchStub.getMockImplementation()!;
      fetchStub.mockImplementation(async (input, init) =>
        urlOf(input).endsWith('/uploads') ? json({ message: 'No route' }, 404) : viewer(input, init),
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

    it('keeps the files and says the upload failed when it does', async () => {
      const { el, sent } = await mountInput({ type: 'file input', options: fileOptions });
      const fetchStub = vi.mocked(globalThis.fetch);
      const viewer = fetchStub.getMockImplementation()!;
      fetchStub.mockImplementation(async (input, init) => {
        if (urlOf(input).endsWith('/uploads')) return json({ uploadUrl: '/put-here', fileUrl: '/file' }, 201);
        if (init?.method === 'PUT') return json({ message: 'Too large' }, 413);
        return viewer(input, init);
      });
      drop(el, [pdf()]);
      await el.updateComplete;
      sendButton(el)!.click();
      await until(() => part(el, 'field-error'));
      expect(errorOf(el).message).to.equal('The upload failed. Try again.');
      expect(listed(el)).to.deep.equal(['cv.pdf']);
      expect(sendButton(el)!.disabled).to.equal(false);
      expect(sent()).to.deep.equal([]);
    });

    it('keeps the files when the answer fails to send', async () => {
      const { el } = await mountInput({ type: 'file input', options: fileOptions }, [unavailable()]);
      const fetchStub = vi.mocked(globalThis.fetch);
      const viewer = fetchStub.getMockImplementation()!;
      fetchStub.mockImplementation(async (input, init) => {
        if (urlOf(input).endsWith('/uploads')) return json({ uploadUrl: '/put-here', fileUrl: 'https://files.example/cv.pdf' }, 201);
        if (init?.method === 'PUT') return new Response(null, { status: 204 });
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

  describe('the upload call of the reference server', () => {
    it('refuses what it should: unknown session, no file input, a type the input does not allow, too large, twice', async () => {
      expect((await post('/api/v1/sessions/nope/uploads', { fileName: 'a.pdf' })).status).to.equal(404);
      const other = (await (await post('/api/v1/flowbots/support/startChat', {})).json()) as { sessionId: string };
      expect((await post(`/api/v1/sessions/${other.sessionId}/uploads`, { fileName: 'a.pdf' })).status).to.equal(409);

      const { start } = await demoAtFile();
      const uploads = `/api/v1/sessions/${String(start.sessionId)}/uploads`;
      expect((await post(uploads, { fileName: '' })).status).to.equal(400);
      expect((await post(uploads, { fileName: 'run.exe', fileType: 'application/x-msdownload' })).status).to.equal(400);
      expect((await post(uploads, { fileName: 'big.pdf', fileSize: 6 * 1024 * 1024 })).status).to.equal(413);

      const made = await post(uploads, { fileName: 'a b.pdf', fileType: 'application/pdf', fileSize: 3 });
      expect(made.status).to.equal(201);
      const { uploadUrl, fileUrl } = (await made.json()) as { uploadUrl: string; fileUrl: string };
      expect(fileUrl).to.equal(`${uploadUrl}/a%20b.pdf`);
      expect((await fetch(fileUrl)).status).to.equal(404);
      const put = () => fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: 'pdf' });
      expect((await put()).status).to.equal(204);
      expect((await put()).status).to.equal(409);
      const back = await fetch(fileUrl);
      expect([back.status, back.headers.get('content-type'), back.headers.get('x-content-type-options')]).to.deep.equal([
        200,
        'application/pdf',
        'nosniff',
      ]);
      expect(await back.text()).to.equal('pdf');
      const tooBig = await post(uploads, { fileName: 'b.pdf' });
      const { uploadUrl: bigUrl } = (await tooBig.json()) as { uploadUrl: string };
      const huge = await fetch(bigUrl, { method: 'PUT', body: new Uint8Array(5 * 1024 * 1024 + 1) });
      expect(huge.status).to.equal(413);
    });
  });
});

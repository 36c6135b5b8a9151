import { expect } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { focused, mountInput, tabTo, thanks } from '../controls-helpers.js';
import { $, part, parts, text, userTexts } from '../../support/widget-dom.js';
import { typeAndSend, until } from '../../support/widget-actions.js';
import { mountDemoAt, storageRequests, type SeenRequest } from './upload-helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The demo flow's answers up to its long text input, which takes attachments. */
const DEMO_TO_STORY: unknown[] = [{ type: 'text', text: 'Every input', metadata: { replyId: 'path-full' } }, 'Ada'];

const withAudio = (input: Record<string, unknown>): Record<string, unknown> => ({
  ...input,
  options: { ...(input.options as Record<string, unknown>), audioClip: { isEnabled: true } },
});

const picker = (el: FlowbotChat) => $<HTMLInputElement>(el, '.composer input[type="file"]')!;
const listed = (el: FlowbotChat) => parts(el, 'file').map((li) => text(li.querySelector('span')));
const continued = (requests: SeenRequest[]) => requests.filter((r) => r.url.endsWith('/continueChat'));
const notice = (el: FlowbotChat) => $(el, '.input-notice');
const CLIP = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);

/** A microphone that hands out one short clip, and a MediaRecorder that records it. */
function fakeMicrophone(): { tracksStopped: () => number } {
  let stopped = 0;
  const stream = { getTracks: () => [{ stop: () => stopped++ }] } as unknown as MediaStream;
  vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(stream);
  class FakeRecorder extends EventTarget {
    state: RecordingState = 'inactive';
    readonly mimeType = 'audio/webm;codecs=opus';
    start(): void {
      this.state = 'recording';
    }
    stop(): void {
      this.state = 'inactive';
      this.dispatchEvent(new BlobEvent('dataavailable', { data: new Blob([CLIP], { type: this.mimeType }) }));
      this.dispatchEvent(new Event('stop'));
    }
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  return { tracksStopped: () => stopped };
}

describe('<flowbot-chat>', () => {
  describe('text input with attachments', () => {
    it('has a keyboard-reachable attach button with an accessible name', async () => {
      const { el } = await mountDemoAt(DEMO_TO_STORY);
      const attach = await until(() => part<HTMLButtonElement>(el, 'attach-button'));
      expect(attach.getAttribute('aria-label')).to.equal('Attach files');
      expect(part(el, 'record-button')).to.equal(null);
      expect(await tabTo(el, '[part~="attach-button"]')).to.equal(attach);
      // The field keeps its place before the buttons.
      expect(await tabTo(el, '[part~="input"]', true)).to.exist;
      await expect(el).to.be.accessible();
    });

    it('uploads the picked files on send and answers with the text and attachedFileUrls', async () => {
      const { el, requests } = await mountDemoAt(DEMO_TO_STORY);
      const storage = storageRequests();
      await until(() => part(el, 'attach-button'));
      const notes = new File(['my notes'], 'notes.pdf', { type: 'application/pdf' });
      const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
      await userEvent.upload(picker(el), [notes, photo]);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['notes.pdf', 'me.png']);
      const remove = await tabTo(el, '[part~="file"] button');
      expect(remove.getAttribute('aria-label')).to.equal('Remove notes.pdf');
      // Picked again, a file is listed once.
      await userEvent.upload(picker(el), [notes]);
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['me.png', 'notes.pdf']);
      $<HTMLButtonElement>(el, '[part~="file"] button[aria-label="Remove notes.pdf"]')!.click();
      await el.updateComplete;
      expect(listed(el)).to.deep.equal(['me.png']);
      await typeAndSend(el, '  Learning  ');
      await until(() => userTexts(el).length === 1, 8000);
      expect(userTexts(el)).to.deep.equal(['Learning (me.png)']);
      expect(storage.forms).to.have.length(1);
      await until(() => continued(requests).length === 1);
      const { message } = JSON.parse(continued(requests)[0]!.body) as { message: { attachedFileUrls: string[] } };
      const [url] = message.attachedFileUrls;
      expect(message).to.deep.equal({ type: 'text', text: 'Learning', attachedFileUrls: [url] });
      expect(url).to.match(/\/api\/v3\/files\/[\w-]+\/me\.png$/);
      expect([...new Uint8Array(await (await fetch(url!)).arrayBuffer())]).to.deep.equal([137, 80, 78, 71]);
      // The flow went on: the next input is the number.
      await until(() => $(el, '.composer input[type="number"]'), 8000);
    });

    it('sends a plain text answer when no file is attached', async () => {
      const { el, requests } = await mountDemoAt(DEMO_TO_STORY);
      await until(() => part(el, 'attach-button'));
      await typeAndSend(el, 'Just words');
      await until(() => continued(requests).length === 1, 8000);
      expect(JSON.parse(continued(requests)[0]!.body)).to.deep.equal({ message: 'Just words' });
    });

    it('keeps the typed text and the files when an attachment fails to upload', async () => {
      const { el, requests } = await mountDemoAt(DEMO_TO_STORY);
      storageRequests(() => 'status=503');
      await until(() => part(el, 'attach-button'));
      await userEvent.upload(picker(el), [new File(['x'], 'a.pdf', { type: 'application/pdf' })]);
      await typeAndSend(el, 'With a file');
      await until(() => part(el, 'field-error'));
      expect(text(part(el, 'field-error'))).to.equal('The upload failed. Try again.');
      expect(listed(el)).to.deep.equal(['a.pdf']);
      expect($<HTMLTextAreaElement>(el, '[part~="input"]')!.value).to.equal('With a file');
      await until(() => requests.some((r) => r.url.endsWith('/clientLogs')));
      expect(continued(requests)).to.deep.equal([]);
    });
  });

  describe('icons', () => {
    /** The drawn shapes of a button's icon: SVG elements with a size (HTML-namespace paths draw nothing). */
    const drawn = (button: Element): { svg: number; width: number; height: number } => {
      const shapes = [...button.querySelectorAll('svg > *')] as SVGGraphicsElement[];
      const boxes = shapes.filter((s) => s.namespaceURI === 'http://www.w3.org/2000/svg').map((s) => s.getBBox());
      return {
        svg: boxes.length,
        width: Math.max(0, ...boxes.map((b) => b.width)),
        height: Math.max(0, ...boxes.map((b) => b.height)),
      };
    };

    it('draws the attach, record and stop icons (not empty boxes)', async () => {
      fakeMicrophone();
      const { el } = await mountDemoAt(DEMO_TO_STORY, withAudio);
      const attach = await until(() => part<HTMLButtonElement>(el, 'attach-button'));
      const record = part<HTMLButtonElement>(el, 'record-button')!;
      for (const button of [attach, record]) {
        const icon = drawn(button);
        expect(icon.svg, button.getAttribute('part')!).to.be.greaterThan(0);
        expect(icon.width).to.be.greaterThan(8);
        expect(icon.height).to.be.greaterThan(8);
      }
      record.click();
      await until(() => record.getAttribute('aria-label') === 'Stop recording and send');
      const stop = drawn(part(el, 'record-button')!);
      expect(stop.svg).to.be.greaterThan(0);
      expect(stop.width).to.be.greaterThan(8);
    });
  });

  describe('voice messages', () => {
    it('records a clip, shows that it records, uploads it and answers { type: "audio", url }', async () => {
      const mic = fakeMicrophone();
      const { el, requests } = await mountDemoAt(DEMO_TO_STORY, withAudio);
      const storage = storageRequests();
      const record = await until(() => part<HTMLButtonElement>(el, 'record-button'));
      expect(record.getAttribute('aria-label')).to.equal('Record a voice message');
      (await tabTo(el, '[part~="record-button"]')).click();
      await until(() => record.getAttribute('aria-label') === 'Stop recording and send');
      expect(text(notice(el))).to.equal('Recording…');
      expect(notice(el)!.getAttribute('role')).to.equal('status');
      expect(part<HTMLButtonElement>(el, 'send-button')!.disabled).to.equal(true);
      await expect(el).to.be.accessible();
      record.click();
      await until(() => userTexts(el).length === 1, 8000);
      expect(userTexts(el)).to.deep.equal(['Voice message']);
      expect(mic.tracksStopped()).to.equal(1);
      const clip = storage.forms[0]!.get('file') as File;
      expect([clip.name, storage.forms[0]!.get('Content-Type')]).to.deep.equal(['voice-message.webm', 'audio/webm']);
      await until(() => continued(requests).length === 1);
      const { message } = JSON.parse(continued(requests)[0]!.body) as { message: { type: string; url: string } };
      expect(Object.keys(message)).to.deep.equal(['type', 'url']);
      expect(message.type).to.equal('audio');
      expect(message.url).to.match(/\/api\/v3\/files\/[\w-]+\/voice-message\.webm$/);
      const back = await fetch(message.url);
      expect(back.headers.get('content-type')).to.equal('audio/webm');
      expect([...new Uint8Array(await back.arrayBuffer())]).to.deep.equal([...CLIP]);
    });

    it('says so politely when the microphone is refused, and the field keeps working', async () => {
      vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockRejectedValue(
        new DOMException('Permission denied', 'NotAllowedError'),
      );
      const { el, sent } = await mountInput({ type: 'text input', options: { audioClip: { isEnabled: true } } }, [
        thanks,
      ]);
      const record = await until(() => part<HTMLButtonElement>(el, 'record-button'));
      record.click();
      await until(() => notice(el));
      expect(text(notice(el))).to.equal('The microphone is not available. You can type instead.');
      expect(notice(el)!.getAttribute('role')).to.equal('status');
      expect(record.getAttribute('aria-label')).to.equal('Record a voice message');
      await expect(el).to.be.accessible();
      await typeAndSend(el, 'Typed instead');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: 'Typed instead' }]);
    });

    it('says so when the browser cannot record', async () => {
      vi.stubGlobal('MediaRecorder', undefined);
      const { el, sent } = await mountInput({ type: 'text input', options: { audioClip: { isEnabled: true } } }, [
        thanks,
      ]);
      const record = await until(() => part<HTMLButtonElement>(el, 'record-button'));
      record.focus();
      await userEvent.keyboard('{Enter}');
      await until(() => notice(el));
      expect(text(notice(el))).to.equal('This browser cannot record voice messages. You can type instead.');
      expect(focused(el)).to.equal(record);
      await typeAndSend(el, 'Still here');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: 'Still here' }]);
    });

    it('turns the microphone off when the element is removed mid-recording', async () => {
      const mic = fakeMicrophone();
      const { el } = await mountInput({ type: 'text input', options: { audioClip: { isEnabled: true } } }, [thanks]);
      const record = await until(() => part<HTMLButtonElement>(el, 'record-button'));
      record.click();
      await until(() => record.getAttribute('aria-label') === 'Stop recording and send');
      el.remove();
      expect(mic.tracksStopped()).to.equal(1);
    });
  });
});

// The package's public contract, as strangers' pages, bundlers and editors read it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
const pkg = read('package.json');

describe('package.json', () => {
  it('names the script-tag file for CDNs and the manifest for tooling', () => {
    expect(pkg.unpkg).toBe('./dist/flowbot-chat.iife.js');
    expect(pkg.jsdelivr).toBe(pkg.unpkg);
    expect(pkg.customElements).toBe('custom-elements.json');
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'custom-elements.json']));
  });

  it('exports the registering entry, the element, the client and the server', () => {
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './element', './api', './server']));
    expect(pkg.exports['./server'].node).toBeDefined();
    expect(pkg.exports['./server'].import).toBeUndefined(); // Node only
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('exports the framework entries and names the editor data', () => {
    for (const entry of ['./react', './jsx', './vue', './svelte', './preact', './solid'])
      expect(pkg.exports[entry]?.types).toBeDefined();
    expect(pkg['web-types']).toBe('./dist/web-types.json');
    expect(pkg.peerDependenciesMeta.react.optional).toBe(true);
  });
});

describe('custom-elements.json', () => {
  const manifest = read('custom-elements.json');
  const element = manifest.modules
    .flatMap((m: { declarations?: unknown[] }) => m.declarations ?? [])
    .find((d: { tagName?: string }) => d.tagName === 'flowbot-chat');

  it('declares <flowbot-chat> as FlowbotChat', () => {
    expect(element?.name).toBe('FlowbotChat');
  });

  it('lists the attributes, events and parts of the contract', () => {
    const names = (list: { name: string }[] = []) => list.map((x) => x.name);
    expect(names(element.attributes)).toEqual(
      expect.arrayContaining([
        'public-id',
        'api-host',
        'mode',
        'widget',
        'lang',
        'open',
        'prefilled-variables',
        'persist',
      ]),
    );
    expect(names(element.events)).toEqual(
      expect.arrayContaining([
        'flowbot-start',
        'flowbot-message',
        'flowbot-input',
        'flowbot-answer',
        'flowbot-end',
        'flowbot-error',
        'flowbot-open',
        'flowbot-close',
      ]),
    );
    expect(names(element.cssParts)).toEqual(
      expect.arrayContaining([
        'bot-message',
        'user-message',
        'message',
        'messages',
        'header',
        'title',
        'avatar',
        'composer',
        'input',
        'send-button',
        'choice',
        'launcher',
        'panel',
        'close-button',
        'error',
      ]),
    );
    expect(names(element.cssProperties).every((n: string) => n.startsWith('--flowbot-'))).toBe(true);
  });

  it('describes the package as it ships: dist paths, the definition, public members, event details', () => {
    expect(JSON.stringify(manifest)).not.toMatch(/"src\//);
    const definitions = manifest.modules
      .flatMap((m: { exports?: { kind: string; name: string }[] }) => m.exports ?? [])
      .filter((e: { kind: string }) => e.kind === 'custom-element-definition');
    expect(definitions.map((e: { name: string }) => e.name)).toEqual(['flowbot-chat']);
    expect(element.members.every((m: { privacy?: string }) => !m.privacy || m.privacy === 'public')).toBe(true);
    const member = (name: string) => element.members.find((m: { name: string }) => m.name === name);
    expect(member('mode').type.text).toBe("'standard' | 'bubble' | 'popup'");
    expect(member('open').type.text).toBe('boolean');
    expect(member('send').parameters[0].type.text).toBe('string');
    const event = (name: string) => element.events.find((e: { name: string }) => e.name === name);
    expect(event('flowbot-answer').type.text).toBe('FlowbotAnswerDetail');
    expect(event('flowbot-redirect').cancelable).toBe(true);
    // What a visitor does with the answers: its event, attributes, method and parts.
    expect(event('flowbot-feedback').type.text).toBe('FlowbotFeedbackDetail');
    expect(member('feedback').type.text).toBe("'streamed' | 'all' | 'none'");
    expect(member('feedback').attribute).toBe('feedback');
    expect([member('noCopy').attribute, member('noMenu').attribute]).toEqual(['no-copy', 'no-menu']);
    expect(member('exportTranscript').parameters[0].type.text).toBe("'markdown' | 'text'");
    expect(member('exportTranscript').return.type.text).toBe('Promise<string>');
    expect(element.cssParts.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actions', 'timestamp', 'feedback-form', 'menu-button', 'menu']),
    );
  });
});

/**
 * Which inline widgets the first turn's file draws (`src/element/on-demand/first-turn-rule.ts`): the
 * rule the first turn's file and the table of wanted files share, and the script tag's language test
 * before it fetches that file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawsFirstTurn, ENGLISH_TAG } from '../../../src/element/on-demand/first-turn-rule.js';
import { ENGLISH_TAG as englishTag } from '../../../src/i18n/english.js';

/** The rule's arguments, by name: English, light, no notice, no consent, no voice unless `over` says. */
interface Look {
  lang: string;
  colorScheme: unknown;
  notice: unknown;
  consent: unknown;
  voiceActive: unknown;
}
const look = (over: Partial<Look> = {}): Parameters<typeof drawsFirstTurn> => {
  const l: Look = { lang: 'en', colorScheme: null, notice: null, consent: null, voiceActive: undefined, ...over };
  return [l.lang, l.colorScheme, l.notice, l.consent, l.voiceActive];
};

describe('drawsFirstTurn', () => {
  it('draws an English or unsaid language, and no other', () => {
    for (const lang of ['', 'en', 'EN', 'en-GB', 'en_US']) expect(drawsFirstTurn(...look({ lang })), lang).toBe(true);
    for (const lang of ['eng', 'fr', 'pt-BR', 'de-en', 'e'])
      expect(drawsFirstTurn(...look({ lang })), lang).toBe(false);
  });

  it('draws a light widget only', () => {
    expect(drawsFirstTurn(...look({ colorScheme: undefined }))).toBe(true);
    expect(drawsFirstTurn(...look({ colorScheme: 'light' }))).toBe(true);
    expect(drawsFirstTurn(...look({ colorScheme: 'dark' }))).toBe(false);
    expect(drawsFirstTurn(...look({ colorScheme: 'auto' }))).toBe(false);
  });

  it('leaves a widget that shows a notice or asks for consent to the widget, as the consent feature decides', () => {
    expect(drawsFirstTurn(...look({ notice: 'Answers come from an AI.' }))).toBe(false);
    expect(drawsFirstTurn(...look({ consent: 'required' }))).toBe(false);
    // A blank notice shows nothing, like a consent that is not required.
    expect(drawsFirstTurn(...look({ notice: '  ' }))).toBe(true);
    expect(drawsFirstTurn(...look({ consent: 'granted' }))).toBe(true);
  });

  it('leaves a widget that speaks to the widget', () => {
    expect(drawsFirstTurn(...look({ voiceActive: true }))).toBe(false);
    expect(drawsFirstTurn(...look({ voiceActive: false }))).toBe(true);
  });
});

describe("the script tag's language test", () => {
  it('is the rule’s: it fetches the first turn’s file for the same languages', () => {
    // The rule and the launcher's file take the one test of `i18n/english.ts`; the script tag (and the
    // light entry) write it out, to the byte.
    expect(ENGLISH_TAG).toBe(englishTag);
    const place = readFileSync(new URL('../../../src/script-tag/place.ts', import.meta.url), 'utf8');
    expect(place).toContain(`${ENGLISH_TAG}.test(el.closest('[lang]')`);
  });

  it('takes English tags and no tag, and no other language', () => {
    for (const tag of ['', 'en', 'EN', 'en-GB', 'en_US']) expect(ENGLISH_TAG.test(tag), tag).toBe(true);
    for (const tag of ['pt', 'pt-BR', 'eng', 'de-en', 'fr']) expect(ENGLISH_TAG.test(tag), tag).toBe(false);
  });
});

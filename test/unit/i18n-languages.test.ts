import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en, enAnswers, enHistory } from '../../src/i18n/en.js';
import { strings as ptBR, answers as answersPtBR } from '../../src/i18n/pt-br.js';
import { strings as es, answers as answersEs } from '../../src/i18n/es.js';
import { strings as fr, answers as answersFr } from '../../src/i18n/fr.js';
import { strings as de, answers as answersDe } from '../../src/i18n/de.js';
import { strings as itIT, answers as answersIt } from '../../src/i18n/it.js';
import { strings as nl, answers as answersNl } from '../../src/i18n/nl.js';
import { strings as pl, answers as answersPl } from '../../src/i18n/pl.js';
import { strings as tr, answers as answersTr } from '../../src/i18n/tr.js';
import { strings as ja, answers as answersJa } from '../../src/i18n/ja.js';
import { strings as zhCN, answers as answersZhCN } from '../../src/i18n/zh-cn.js';
import { strings as ko, answers as answersKo } from '../../src/i18n/ko.js';
import { strings as ar, answers as answersAr } from '../../src/i18n/ar.js';
import { strings as he, answers as answersHe } from '../../src/i18n/he.js';
import { languageFile, supportedLanguages } from '../../src/i18n/lookup.js';
import type { AnswerStrings, FlowbotStrings } from '../../src/i18n/strings.js';

/** Each language: its BCP 47 tag (for `Intl.PluralRules`), its widget words and its answers' words. */
const languages: [tag: string, strings: FlowbotStrings | undefined, answers: AnswerStrings][] = [
  ['en', en, enAnswers],
  ['pt-BR', ptBR['pt-br'], answersPtBR],
  ['es', es.es, answersEs],
  ['fr', fr.fr, answersFr],
  ['de', de.de, answersDe],
  ['it', itIT.it, answersIt],
  ['nl', nl.nl, answersNl],
  ['pl', pl.pl, answersPl],
  ['tr', tr.tr, answersTr],
  ['ja', ja.ja, answersJa],
  ['zh-CN', zhCN['zh-cn'], answersZhCN],
  ['ko', ko.ko, answersKo],
  ['ar', ar.ar, answersAr],
  ['he', he.he, answersHe],
];

/** The keys whose value is a plural: `category{text}` pairs. */
const PLURALS = new Set(['usedTools', 'moreTools']);

const placeholders = (text: string): string[] => text.match(/\{\w+\}/g) ?? [];

/** A plural's `category{text}` pairs, or undefined when the string is not made of them alone. */
function pluralForms(text: string): Map<string, string> | undefined {
  const forms = new Map<string, string>();
  let rest = text;
  for (const [whole, category, form] of text.matchAll(/(\w+)\{([^{}]*)\}/g)) {
    rest = rest.replace(whole, '');
    if (forms.has(category!)) return undefined;
    forms.set(category!, form!);
  }
  return rest.trim() === '' ? forms : undefined;
}

/** Keys and placeholders of a catalogue against the English one. */
function checkAgainst(english: Record<string, string>, words: Record<string, string>, plurals: ReadonlySet<string>) {
  expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
  for (const [key, value] of Object.entries(words)) {
    expect(typeof value, key).toBe('string');
    expect(value.trim(), key).not.toBe('');
    if (plurals.has(key)) continue;
    for (const placeholder of placeholders(english[key]!)) expect(value, key).toContain(placeholder);
  }
}

describe('the languages of the widget', () => {
  it('are fourteen, each with its words', () => {
    expect(languages).toHaveLength(14);
    for (const [tag, strings] of languages) expect(strings, tag).toBeDefined();
  });

  describe.each(languages)('%s', (tag, strings, answers) => {
    it('has every key of English, each a string with its placeholders', () => {
      checkAgainst({ ...en }, { ...strings! }, PLURALS);
    });

    it('writes its plurals as category{text} pairs with every category of the language', () => {
      const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
      for (const key of PLURALS) {
        const forms = pluralForms(strings![key as keyof FlowbotStrings]);
        expect(forms, key).toBeDefined();
        expect([...forms!.keys()], key).toContain('other');
        for (const category of forms!.keys()) expect(categories, `${key} of ${tag}`).toContain(category);
        for (const category of categories) expect([...forms!.keys()], `${key} of ${tag}`).toContain(category);
        for (const [category, form] of forms!) expect(form, `${key} ${category}`).toContain('#');
      }
    });

    it('has every answers’ word of English, each a string with its placeholders', () => {
      // English's list words come with the list's file; every other language has them with its answers' words.
      checkAgainst(
        { ...enAnswers, ...enHistory },
        tag === 'en' ? { ...answers, ...enHistory } : { ...answers },
        new Set(),
      );
    });
  });

  it('are each one file of src/i18n, all their words in it, as the build finds them', async () => {
    // The files vite.config.ts builds into `flowbot-chat.lang-<file>.js`: a language's tag, English aside.
    const files = readdirSync(new URL('../../src/i18n/', import.meta.url))
      .filter((name) => /^[a-z]{2}(-[a-z]{2})?\.ts$/.test(name) && name !== 'en.ts')
      .map((name) => name.slice(0, -3));
    const shipped = supportedLanguages.filter((tag) => tag !== 'en').map((tag) => languageFile(tag));
    expect(files.sort()).toEqual(shipped.sort());
    for (const file of files) {
      const words = (await import(`../../src/i18n/${file}.ts`)) as Record<string, unknown>;
      // What the file exports is what its built file carries: the words and nothing else.
      expect(Object.keys(words).sort(), file).toEqual(['answers', 'strings']);
      expect((words.strings as Record<string, unknown>)[file], file).toBeDefined();
    }
  });

  it('keys the strings by lower-case tags, aliases included', () => {
    expect(Object.keys(zhCN).sort()).toEqual(['zh', 'zh-cn', 'zh-hans', 'zh-sg']);
    expect(he.iw).toBe(he.he);
    for (const catalogue of [ptBR, es, fr, de, itIT, nl, pl, tr, ja, zhCN, ko, ar, he])
      for (const tag of Object.keys(catalogue)) expect(tag).toBe(tag.toLowerCase());
  });
});

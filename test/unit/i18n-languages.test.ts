import { describe, expect, it } from 'vitest';
import { en as answersEn } from '../../src/element/answer-actions/words/en.js';
import { ptBR as answersPtBR } from '../../src/element/answer-actions/words/pt-br.js';
import { es as answersEs } from '../../src/element/answer-actions/words/es.js';
import { fr as answersFr } from '../../src/element/answer-actions/words/fr.js';
import { de as answersDe } from '../../src/element/answer-actions/words/de.js';
import { it as answersIt } from '../../src/element/answer-actions/words/it.js';
import { nl as answersNl } from '../../src/element/answer-actions/words/nl.js';
import { pl as answersPl } from '../../src/element/answer-actions/words/pl.js';
import { tr as answersTr } from '../../src/element/answer-actions/words/tr.js';
import { ja as answersJa } from '../../src/element/answer-actions/words/ja.js';
import { zhCN as answersZhCN } from '../../src/element/answer-actions/words/zh-cn.js';
import { ko as answersKo } from '../../src/element/answer-actions/words/ko.js';
import { ar as answersAr } from '../../src/element/answer-actions/words/ar.js';
import { he as answersHe } from '../../src/element/answer-actions/words/he.js';
import type { AnswerStrings } from '../../src/element/answer-actions/words/answer-strings.js';
import { en } from '../../src/i18n/en.js';
import { catalogues as ptBR } from '../../src/i18n/pt-br.js';
import { catalogues as es } from '../../src/i18n/es.js';
import { catalogues as fr } from '../../src/i18n/fr.js';
import { catalogues as de } from '../../src/i18n/de.js';
import { catalogues as itIT } from '../../src/i18n/it.js';
import { catalogues as nl } from '../../src/i18n/nl.js';
import { catalogues as pl } from '../../src/i18n/pl.js';
import { catalogues as tr } from '../../src/i18n/tr.js';
import { catalogues as ja } from '../../src/i18n/ja.js';
import { catalogues as zhCN } from '../../src/i18n/zh-cn.js';
import { catalogues as ko } from '../../src/i18n/ko.js';
import { catalogues as ar } from '../../src/i18n/ar.js';
import { catalogues as he } from '../../src/i18n/he.js';
import type { FlowbotStrings } from '../../src/i18n/strings.js';

/** Each language: its BCP 47 tag (for `Intl.PluralRules`), its widget words and its answers' words. */
const languages: [tag: string, strings: FlowbotStrings | undefined, answers: AnswerStrings][] = [
  ['en', en, answersEn],
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
      checkAgainst({ ...answersEn }, { ...answers }, new Set());
    });
  });

  it('keys the catalogues by lower-case tags, aliases included', () => {
    expect(Object.keys(zhCN).sort()).toEqual(['zh', 'zh-cn', 'zh-hans', 'zh-sg']);
    expect(he.iw).toBe(he.he);
    for (const catalogue of [ptBR, es, fr, de, itIT, nl, pl, tr, ja, zhCN, ko, ar, he])
      for (const tag of Object.keys(catalogue)) expect(tag).toBe(tag.toLowerCase());
  });
});

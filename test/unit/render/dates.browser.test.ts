import { describe, expect, it } from 'vitest';
import { clock, timeOf, TIME } from '../../../src/render/dates.js';

/** Every minute of one day, in the visitor's local time. */
const minutesOfADay = (): Date[] =>
  Array.from({ length: 24 * 60 }, (_, minute) => new Date(2026, 10, 30, Math.floor(minute / 60), minute % 60, 30));

const intlTime = (lang: string, date: Date): string => new Intl.DateTimeFormat(lang, TIME).format(date);

describe('clock: the time of day without Intl', () => {
  // The widget's 24-hour languages with their main region, English, and the same tags written otherwise.
  const covered = [
    'de',
    'de-DE',
    'es',
    'es-ES',
    'fr',
    'fr-FR',
    'it',
    'it-IT',
    'nl',
    'nl-NL',
    'pl',
    'pl-PL',
    'tr',
    'tr-TR',
    'he',
    'he-IL',
    'ja',
    'ja-JP',
    'pt-BR',
    'zh-CN',
    'en',
    'en-US',
    'EN',
    'de-de',
    'ZH-cn',
  ];

  it.each(covered)('writes every minute of the day as Intl does in %s', (lang) => {
    const wrong = minutesOfADay().filter((date) => clock(date, lang) !== intlTime(lang, date));
    expect(wrong.map((date) => [clock(date, lang), intlTime(lang, date)])).toEqual([]);
  });

  // Tags whose times are written otherwise (12 hours, `13 h 45`, other digits) or that this list does
  // not know: Intl writes them.
  it.each(['', 'en-GB', 'en-IN', 'es-MX', 'es-US', 'fr-CA', 'de-AT', 'ko', 'ar', 'zh-TW', 'pt', 'und', 'en-us-x', 'x'])(
    'leaves %j to Intl',
    (lang) => {
      expect(clock(new Date(2026, 10, 30, 13, 45), lang)).toBeUndefined();
    },
  );

  it('is used for today only: another day is written by Intl, with its date', () => {
    const now = new Date();
    now.setHours(13, 5, 0, 0);
    expect(timeOf(now.getTime(), 'en')).toEqual({ text: intlTime('en', now), iso: now.toISOString() });
    const before = new Date(now.getTime() - 3 * 86_400_000);
    const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', ...TIME }).format(before);
    expect(timeOf(before.getTime(), 'en')?.text).toBe(day);
    expect(timeOf(Number.NaN, 'en')).toBeUndefined();
    expect(timeOf(undefined, 'en')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { en, enFirst, enOnDemand } from '../../../src/i18n/en.js';
import { catalogues } from '../../../src/i18n/on-demand.js';

describe('English', () => {
  it('is the words of the first file and those of the on-demand part, each once', () => {
    const first = Object.keys(enFirst);
    const later = Object.keys(enOnDemand);
    expect(first.filter((key) => later.includes(key))).toEqual([]);
    expect([...first, ...later].sort()).toEqual(Object.keys(en).sort());
    expect(catalogues.en).toBe(enOnDemand);
  });
});

import { describe, expect, it } from 'vitest';
import { en, enConsent, enControls, enFirst, enOnDemand } from '../../../src/i18n/en.js';
import { strings as consentCatalogues } from '../../../src/element/consent/index.js';
import { strings as controlsCatalogues } from '../../../src/element/controls/index.js';
import { strings } from '../../../src/element/rich/index.js';

describe('English', () => {
  it("is the words of the first file, the on-demand part's, the controls' and the consent's, each once", () => {
    const all = [
      ...Object.keys(enFirst),
      ...Object.keys(enOnDemand),
      ...Object.keys(enControls),
      ...Object.keys(enConsent),
    ];
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
    expect(all.sort()).toEqual(Object.keys(en).sort());
    expect(strings.en).toBe(enOnDemand);
    expect(controlsCatalogues.en).toBe(enControls);
    expect(consentCatalogues.en).toBe(enConsent);
  });
});

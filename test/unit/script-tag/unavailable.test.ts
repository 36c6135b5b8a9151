import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en.js';
import { strings } from '../../../src/i18n/pt-br.js';
import { unavailableEn, unavailablePt } from '../../../src/script-tag/unavailable.js';

describe('the script-tag file', () => {
  it("says the widget's own unavailable words when the widget's code will not run", () => {
    expect(unavailableEn).toBe(en.unavailable);
    expect(unavailablePt).toBe(strings['pt-br']!.unavailable);
  });
});

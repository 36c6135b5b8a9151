/**
 * A plural word of the strings: `category{text}` pairs (`one{# tool} other{# tools}`), the
 * category chosen by `Intl.PluralRules` for the language, `#` the count written by `Intl.NumberFormat`.
 * `other` is always there; a pattern without pairs is used as it is.
 */
export function plural(pattern: string, count: number, lang?: string): string {
  const forms: Record<string, string> = {};
  for (const [, category, text] of pattern.matchAll(/(\w+)\{([^{}]*)\}/g)) forms[category!] = text!;
  let category: string;
  let number: string;
  try {
    category = new Intl.PluralRules(lang || undefined).select(count);
    number = new Intl.NumberFormat(lang || undefined).format(count);
  } catch {
    // An invalid language tag: English rules, digits as they are.
    category = count === 1 ? 'one' : 'other';
    number = String(count);
  }
  return (forms[category] ?? forms.other ?? pattern).replace(/#/g, number);
}

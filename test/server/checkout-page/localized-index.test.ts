import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localizeIndex } from '../../../src/server/checkout-page/localize-index.js';
import { BOOT_TEXT, bootTextFor, parseAcceptLanguage } from '../../../src/shared/boot-text.js';
import { LOCALES } from '../../../src/shared/locale-pick.js';

const INDEX = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

/** Words in Latin letters, which a page in an Indian script should not show. */
const latinWords = (text: string) => text.match(/[A-Za-z]{2,}/g) ?? [];

describe('index.html in the payer’s language', () => {
  it('writes lang, the tab title, the loading line and <noscript> in Hindi without a Latin word', () => {
    const html = localizeIndex(INDEX, 'hi');
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain(`<title>${BOOT_TEXT.hi.title}</title>`);
    expect(html).toContain(`<p class="boot">${BOOT_TEXT.hi.loading}</p>`);
    expect(html).toContain(`<noscript>${BOOT_TEXT.hi.noscript}</noscript>`);
    for (const text of Object.values(BOOT_TEXT.hi)) expect(latinWords(text)).toEqual([]);
  });

  it('has the boot text of every language, none of them English but English’s', () => {
    for (const locale of LOCALES) {
      const html = localizeIndex(INDEX, locale);
      expect(html).toContain(`<html lang="${locale}"`);
      if (locale !== 'en') {
        for (const text of Object.values(BOOT_TEXT[locale])) expect(latinWords(text), locale).toEqual([]);
      }
    }
  });

  it('chooses ?lang= first, then Accept-Language by preference, then English', () => {
    expect(bootTextFor('ta', 'hi-IN').locale).toBe('ta');
    expect(bootTextFor(null, 'en;q=0.5, hi-IN;q=0.9, *;q=0.1').locale).toBe('hi');
    expect(bootTextFor(null, 'fr-FR, de').locale).toBe('en');
    expect(bootTextFor(null, undefined).locale).toBe('en');
    expect(parseAcceptLanguage('bn-IN,bn;q=0.9,en-US;q=0.8,en;q=0')).toEqual(['bn-IN', 'bn', 'en-US']);
  });
});

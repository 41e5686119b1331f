import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../src/checkout/i18n/fill-template.js';
import { loadMessages } from '../../../src/checkout/i18n/load-messages.js';
import { LOCALE_NAMES, LOCALES } from '../../../src/checkout/i18n/locale-list.js';
import { en } from '../../../src/checkout/i18n/locales/en.js';
import { pickLocale } from '../../../src/checkout/i18n/pick-locale.js';

const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('offers the eleven languages of docs/checkout.md, each named in itself', () => {
    expect([...LOCALES].sort()).toEqual(['bn', 'en', 'gu', 'hi', 'kn', 'ml', 'mr', 'or', 'pa', 'ta', 'te']);
    expect(LOCALE_NAMES.hi).toBe('हिन्दी');
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has every English key, no more, none empty, same slots',
    async (locale) => {
      const messages = await loadMessages(locale);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        const text = messages[key as keyof typeof en];
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(slots(text), `${locale}.${key}`).toEqual(slots(english));
      }
    },
  );

  it('translates for real rather than copying English', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const messages = await loadMessages(locale);
      expect(messages.statusSuccess, locale).not.toBe(en.statusSuccess);
      expect(messages.notFoundTitle, locale).not.toBe(en.notFoundTitle);
    }
  });
});

describe('pickLocale', () => {
  it('takes ?lang= first', () => {
    expect(pickLocale('ta', ['hi-IN'])).toBe('ta');
  });

  it('then the browser’s languages in order, by their base language', () => {
    expect(pickLocale(null, ['fr-FR', 'bn-IN', 'hi'])).toBe('bn');
    expect(pickLocale('xx', ['te_IN'])).toBe('te');
  });

  it('then English', () => {
    expect(pickLocale(null, ['de-DE'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
  });
});

describe('fillTemplate', () => {
  it('fills named slots and leaves unknown ones visible', () => {
    expect(fillTemplate('Pay {amount} to {name}', { amount: '₹5.00', name: '<b>x</b>' })).toBe(
      'Pay ₹5.00 to <b>x</b>',
    );
    expect(fillTemplate('{missing}')).toBe('{missing}');
  });
});

import type { Locale } from './locale-list.js';
import type { Messages } from './messages.js';

/**
 * Only the chosen locale is downloaded: each one, English included, is its own chunk, fetched
 * while the order is being fetched (main.tsx), so neither waits for the other.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return (await import('./locales/en.js')).en;
    case 'hi':
      return (await import('./locales/hi.js')).hi;
    case 'bn':
      return (await import('./locales/bn.js')).bn;
    case 'ta':
      return (await import('./locales/ta.js')).ta;
    case 'te':
      return (await import('./locales/te.js')).te;
    case 'mr':
      return (await import('./locales/mr.js')).mr;
    case 'gu':
      return (await import('./locales/gu.js')).gu;
    case 'kn':
      return (await import('./locales/kn.js')).kn;
    case 'ml':
      return (await import('./locales/ml.js')).ml;
    case 'pa':
      return (await import('./locales/pa.js')).pa;
    case 'or':
      return (await import('./locales/or.js')).or;
  }
}

import type { en } from './locales/en.js';

export type MessageKey = keyof typeof en;

/** One locale's strings: the same keys as English, each a template with `{name}` slots. */
export type Messages = { readonly [K in MessageKey]: string };

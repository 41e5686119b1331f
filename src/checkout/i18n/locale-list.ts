import type { Locale } from '../../shared/locale-pick.js';

export { isLocale, LOCALES, type Locale } from '../../shared/locale-pick.js';

/** The page's languages, each named in itself for the picker. */
export const LOCALE_NAMES: { readonly [L in Locale]: string } = {
  en: 'English',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  mr: 'मराठी',
  gu: 'ગુજરાતી',
  kn: 'ಕನ್ನಡ',
  ml: 'മലയാളം',
  pa: 'ਪੰਜਾਬੀ',
  or: 'ଓଡ଼ିଆ',
};

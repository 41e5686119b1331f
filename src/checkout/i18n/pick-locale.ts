export { pickLocale } from '../../shared/locale-pick.js';

import { useI18n } from '../i18n/i18n-context.js';

/** The quiet note shown while requests fail; polling goes on behind it. */
export function OfflineNote({ offline }: { readonly offline: boolean }) {
  const { t } = useI18n();
  return (
    <p class={offline ? 'offline-note' : 'visually-hidden'} role="status">
      {offline ? t('offline') : ''}
    </p>
  );
}

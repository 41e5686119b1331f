import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import type { SaveResult } from '../lib/saved-image.js';

export type SaveMessages = { readonly [K in 'shared' | 'saved' | 'failed']: MessageKey };

/**
 * What came of saving an image, said plainly. Where the page could not save it (a web view), the
 * image itself is shown with how to keep it: a long-press, or a screenshot.
 */
export function SaveFeedback({
  result,
  messages,
  alt,
}: {
  readonly result: SaveResult | undefined;
  readonly messages: SaveMessages;
  readonly alt: string;
}) {
  const { t } = useI18n();
  const kind = result?.kind;
  return (
    <>
      <p class={kind === 'failed' ? 'feedback error' : 'feedback'} role="status">
        {kind === 'manual'
          ? t('imageManual')
          : kind === 'shared' || kind === 'saved' || kind === 'failed'
            ? t(messages[kind])
            : ''}
      </p>
      {result?.kind === 'manual' && <img class="saved-image" src={result.imageUrl} alt={alt} />}
    </>
  );
}

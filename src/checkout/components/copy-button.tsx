import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n-context.js';
import { copyText } from '../lib/copy-text.js';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text`; says "Copied" (also to screen readers) for a moment afterwards. */
export function CopyButton({ text, what }: { readonly text: string; readonly what: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const id = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(id);
  }, [state]);

  const onClick = async () => setState((await copyText(text)) ? 'copied' : 'failed');

  return (
    <>
      <button
        type="button"
        class="button small"
        // The visible text must stay part of the accessible name (WCAG 2.5.3, label in name).
        aria-label={state === 'copied' ? `${t('copied')}: ${what}` : t('copyWhat', { what })}
        onClick={onClick}
      >
        {state === 'copied' ? t('copied') : t('copy')}
      </button>
      <span role="status" class={state === 'failed' ? 'copy-failed' : 'visually-hidden'}>
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </>
  );
}

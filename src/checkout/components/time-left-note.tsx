import { useI18n } from '../i18n/i18n-context.js';
import type { TimeLeft } from '../lib/time-left.js';

/**
 * Calm minutes while there is time; a clock in the last five minutes, emphasised in the last
 * one. Not a live region: a ticking announcement would drown everything else.
 */
export function TimeLeftNote({ timeLeft }: { readonly timeLeft: TimeLeft }) {
  const { t } = useI18n();
  if (timeLeft.kind === 'calm')
    return <p class="time-left">{t('timeCalm', { minutes: timeLeft.minutes })}</p>;
  if (timeLeft.kind !== 'clock') return null;
  return (
    <p class={timeLeft.urgent ? 'time-left urgent' : 'time-left'}>
      {t('timeClock', { time: timeLeft.text })}
    </p>
  );
}

import { useState } from 'preact/hooks';
import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';

/**
 * Sandbox only (docs/decisions/0002-open-points.md, Sandbox): asks the service to create a bank credit with a fresh UTR, shows
 * that UTR clearly as a simulation and hands it to the UTR field.
 */
export function SandboxPanel({
  paymentUid,
  onSimulated,
}: {
  readonly paymentUid: string;
  readonly onSimulated: (utr: string) => void;
}) {
  const { t } = useI18n();
  const { api } = useAppDeps();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ utr: string } | 'failed'>();

  const simulate = async () => {
    setBusy(true);
    const outcome = await api.simulatePayment(paymentUid);
    setBusy(false);
    if (outcome.kind !== 'ok') {
      setResult('failed');
      return;
    }
    setResult({ utr: outcome.data.serial_number });
    onSimulated(outcome.data.serial_number);
  };

  return (
    <aside class="sandbox" aria-label={t('sandbox')}>
      <p class="sandbox-badge">{t('sandbox')}</p>
      <button type="button" class="button" onClick={simulate} disabled={busy}>
        {t('simulate')}
      </button>
      <p role="status" class="sandbox-result">
        {result === 'failed' ? t('simulateFailed') : result ? t('simulated', { utr: result.utr }) : ''}
      </p>
    </aside>
  );
}

/** The bulk-upload layouts a batch can be downloaded in, by name. */
import { filehdrNeftLayout } from './filehdr-neft-layout.js';
import { genericLayout } from './generic-layout.js';
import { hdfcEnetLayout } from './hdfc-enet-layout.js';
import type { PayoutFileBatch, PayoutFileLayout, PayoutFileResult } from './payout-file.js';

export const PAYOUT_FILE_LAYOUTS: readonly PayoutFileLayout[] = [
  genericLayout,
  hdfcEnetLayout,
  filehdrNeftLayout,
];

export function writePayoutFile(
  layoutName: string,
  batch: PayoutFileBatch,
  options: Readonly<Record<string, string | undefined>>,
): PayoutFileResult {
  const layout = PAYOUT_FILE_LAYOUTS.find((candidate) => candidate.name === layoutName);
  if (!layout)
    return {
      ok: false,
      error: `layout: one of ${PAYOUT_FILE_LAYOUTS.map((known) => known.name).join(', ')}`,
    };
  if (!layout.modes.includes(batch.mode))
    return {
      ok: false,
      error: `layout: ${layout.name} carries ${layout.modes.join(' and ')} rows only; this batch is ${batch.mode}`,
    };
  if (batch.lines.length === 0) return { ok: false, error: 'batch: no lines to write' };
  return layout.write(batch, options);
}

import type { CallbackStatuses } from '../../shared/callback-statuses.js';
import type { MerchantView } from '../../shared/console-views.js';

/** The editable fields of a merchant, in the form's order, with their labels. */
export const MERCHANT_FIELDS = [
  { name: 'name', label: 'Display name', group: 'Display' },
  { name: 'brand_color', label: 'Accent colour (#rrggbb)', group: 'Display' },
  { name: 'support_contact', label: 'Support contact shown to payers', group: 'Display' },
  { name: 'upi_mc', label: 'UPI merchant category code (4 digits)', group: 'Display' },
  { name: 'upi_purpose', label: 'UPI purpose code (2 digits)', group: 'Display' },
  { name: 'upi_vpa', label: 'UPI address (VPA)', group: 'Collection accounts' },
  { name: 'upi_payee_name', label: 'UPI payee name', group: 'Collection accounts' },
  { name: 'imps_account', label: 'IMPS account number', group: 'Collection accounts' },
  { name: 'imps_account_name', label: 'IMPS account name', group: 'Collection accounts' },
  { name: 'imps_ifsc', label: 'IMPS IFSC', group: 'Collection accounts' },
  { name: 'imps_bank_name', label: 'IMPS bank name', group: 'Collection accounts' },
  { name: 'upi_min', label: 'UPI minimum (₹)', group: 'Limits' },
  { name: 'upi_max', label: 'UPI maximum (₹)', group: 'Limits' },
  { name: 'imps_min', label: 'IMPS minimum (₹)', group: 'Limits' },
  { name: 'imps_max', label: 'IMPS maximum (₹)', group: 'Limits' },
  { name: 'embed_origins', label: 'Allowed frame origins (one per line)', group: 'Embedding' },
  { name: 'callback_statuses', label: 'Statuses called back', group: 'Callbacks' },
  { name: 'payout_channel', label: 'Payout channel', group: 'Payouts' },
] as const;

/** The choices of `payout_channel` (docs/payouts.md); '' is the mode's default. */
export const PAYOUT_CHANNEL_CHOICES: readonly { value: string; label: string }[] = [
  { value: '', label: 'Default of the mode (sandbox bank in sandbox; none in production)' },
  { value: 'sandbox', label: 'Sandbox bank' },
  { value: 'bank_file', label: 'Bank files, confirmed by statements' },
  { value: 'razorpayx', label: 'RazorpayX Payouts' },
];

/** The choices of `callback_statuses`, as the form's select offers them. */
export const CALLBACK_STATUS_CHOICES: readonly { value: CallbackStatuses; label: string }[] = [
  { value: 'all', label: 'Every status change (default)' },
  { value: 'final', label: 'Final statuses only: completed, reject, refund, failed, overdue' },
];

const PROFILE_FIELDS: readonly string[] = ['support_contact', 'upi_mc', 'upi_purpose'];

export type MerchantFieldName = (typeof MERCHANT_FIELDS)[number]['name'];
export type MerchantDraft = Record<MerchantFieldName, string>;

export function draftOf(merchant: MerchantView | undefined): MerchantDraft {
  const draft = {} as MerchantDraft;
  for (const field of MERCHANT_FIELDS) {
    const value = merchant?.[field.name];
    draft[field.name] = Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '';
  }
  return draft;
}

/**
 * The request body for a create (every non-empty field) or an update (only what changed; an
 * emptied colour is cleared). Origins are one per line.
 */
export function merchantBody(
  draft: MerchantDraft,
  before?: MerchantDraft,
): Partial<Record<string, string | string[] | null>> {
  const body: Partial<Record<string, string | string[] | null>> = {};
  for (const field of MERCHANT_FIELDS) {
    const value = draft[field.name].trim();
    if (before && before[field.name].trim() === value) continue;
    if (field.name === 'embed_origins') {
      body.embed_origins = value.split(/\s+/).filter(Boolean);
    } else if (value === '') {
      if (before && (field.name === 'brand_color' || field.name === 'payout_channel'))
        body[field.name] = null;
      // An empty profile field clears it on update.
      else if (before && PROFILE_FIELDS.includes(field.name)) body[field.name] = '';
    } else body[field.name] = value;
  }
  return body;
}

/**
 * Which channel carries a merchant's new payout, decided when the payout is accepted and kept on
 * its row (a later change of the merchant's channel leaves payouts in flight where they are).
 * The sandbox bank is the default in sandbox mode; production has no default, so a merchant
 * without a configured channel is refused a payout with the reason, instead of one that would
 * wait forever (docs/payouts.md).
 */
import type { PayoutChannelName } from '../../shared/payout-channel-names.js';
import type { Config } from '../config.js';

/** What the choice reads of a merchant: its configured channel and the account payouts leave from. */
export interface PayoutAccount {
  readonly payout_channel: PayoutChannelName | null;
  readonly imps_account: string;
  readonly imps_ifsc: string;
}

export type ChannelChoice =
  | {
      readonly ok: true;
      readonly payout: {
        readonly channel: PayoutChannelName;
        readonly debitAccount: string;
        readonly debitIfsc: string;
      };
    }
  | { readonly ok: false; readonly reason: string };

export function payoutChannelFor(
  merchant: PayoutAccount,
  config: Pick<Config, 'mode' | 'razorpayx'>,
): ChannelChoice {
  const channel = merchant.payout_channel ?? (config.mode === 'sandbox' ? 'sandbox' : null);
  const refuse = (reason: string): ChannelChoice => ({ ok: false, reason });
  switch (channel) {
    case null:
      return refuse('payouts are not set up for this merchant: ask the operator to choose a payout channel');
    case 'sandbox':
      if (config.mode !== 'sandbox')
        return refuse('the sandbox payout channel does not pay out in production');
      return { ok: true, payout: { channel, debitAccount: '', debitIfsc: '' } };
    case 'razorpayx':
      if (!config.razorpayx)
        return refuse('the payout provider of this merchant is not configured on the service');
      return { ok: true, payout: { channel, debitAccount: '', debitIfsc: '' } };
    case 'bank_file':
      if (!merchant.imps_account || !merchant.imps_ifsc)
        return refuse("bank-file payouts need the merchant's collection bank account, which is not set up");
      return {
        ok: true,
        payout: { channel, debitAccount: merchant.imps_account, debitIfsc: merchant.imps_ifsc },
      };
  }
}

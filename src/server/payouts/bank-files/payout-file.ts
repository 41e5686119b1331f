/**
 * A batch of payouts as a bank's bulk-upload file sees it: the account it is debited from, the
 * transfer mode, and one line per payout (docs/decisions/0026-payout-bank-files.md). Amounts are
 * integer paise until a layout writes them.
 */
import type { Paise } from '../../../shared/money.js';

export const PAYOUT_MODES = ['IMPS', 'NEFT'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

export interface PayoutFileLine {
  /** Our reference for the payout (PO + 13 characters): what the bank's statement echoes back. */
  readonly reference: string;
  readonly beneficiaryAccount: string;
  readonly ifsc: string;
  readonly beneficiaryName: string;
  readonly amount: Paise;
  /** The narration the payee's bank shows, before it is cleaned for the layout. */
  readonly narration: string;
}

export interface PayoutFileBatch {
  readonly id: string;
  /** The batch's number in the store: a file serial where a layout wants one. */
  readonly seq: number;
  readonly mode: PayoutMode;
  readonly debitAccount: string;
  readonly debitIfsc: string;
  /** When the batch was prepared: the file's date, so a download tomorrow is the same file. */
  readonly preparedAt: Date;
  readonly lines: readonly PayoutFileLine[];
}

export interface PayoutFile {
  readonly filename: string;
  readonly contentType: string;
  readonly body: string;
}

export type PayoutFileResult =
  | { readonly ok: true; readonly file: PayoutFile }
  | { readonly ok: false; readonly error: string };

/** One bank's bulk-upload layout: its modes, and how it writes a batch given the download's options. */
export interface PayoutFileLayout {
  readonly name: string;
  readonly title: string;
  readonly modes: readonly PayoutMode[];
  /** The download's query parameters this layout reads, with what each means. */
  readonly options: Readonly<Record<string, string>>;
  write(batch: PayoutFileBatch, options: Readonly<Record<string, string | undefined>>): PayoutFileResult;
}

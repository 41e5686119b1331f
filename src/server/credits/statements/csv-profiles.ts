/**
 * Column layouts of statement exports, by header names. A profile names, for each field, the
 * headers a bank uses (compared without case, spaces and punctuation). The bank profiles are
 * the layouts of the banks' net-banking CSV/XLS-as-CSV exports as far as they could be
 * established; `generic` knows the usual header names of all of them and of this service's own
 * format (utr, amount, payee, payer_name, credited_at), and any field can be pointed at a header
 * by hand (`column.<field>=<header>` on the import).
 */
export const FIELDS = [
  'date',
  'narration',
  'reference',
  'utr',
  'credit',
  'debit',
  'amount',
  'drcr',
  'payee',
  'payer',
] as const;
export type Field = (typeof FIELDS)[number];

export interface CsvProfile {
  readonly name: string;
  readonly columns: Readonly<Partial<Record<Field, readonly string[]>>>;
  /** Headers that must all be present for the profile to be recognised in a file. */
  readonly signature: readonly string[];
}

export const CSV_PROFILES: readonly CsvProfile[] = [
  {
    name: 'sbi',
    columns: {
      date: ['Txn Date'],
      narration: ['Description'],
      reference: ['Ref No./Cheque No.', 'Ref No/Cheque No'],
      debit: ['Debit'],
      credit: ['Credit'],
    },
    signature: ['Txn Date', 'Description', 'Ref No./Cheque No.', 'Credit'],
  },
  {
    name: 'hdfc',
    columns: {
      date: ['Date'],
      narration: ['Narration'],
      reference: ['Chq./Ref.No.', 'Chq/Ref Number'],
      debit: ['Withdrawal Amt.', 'Withdrawal Amount'],
      credit: ['Deposit Amt.', 'Deposit Amount'],
    },
    signature: ['Narration', 'Chq./Ref.No.', 'Deposit Amt.'],
  },
  {
    name: 'icici',
    columns: {
      date: ['Transaction Date', 'Value Date'],
      narration: ['Transaction Remarks'],
      reference: ['Cheque Number'],
      debit: ['Withdrawal Amount (INR )', 'Withdrawal Amount (INR)', 'Withdrawal Amount'],
      credit: ['Deposit Amount (INR )', 'Deposit Amount (INR)', 'Deposit Amount'],
    },
    signature: ['Transaction Remarks', 'Deposit Amount (INR )'],
  },
  {
    name: 'axis',
    columns: {
      date: ['Tran Date', 'Transaction Date'],
      narration: ['PARTICULARS', 'Particulars'],
      reference: ['CHQNO', 'Chq No'],
      debit: ['DR', 'Debit'],
      credit: ['CR', 'Credit'],
    },
    signature: ['Tran Date', 'PARTICULARS', 'CR'],
  },
  {
    name: 'generic',
    columns: {
      date: [
        'credited_at',
        'Date',
        'Txn Date',
        'Transaction Date',
        'Tran Date',
        'Value Date',
        'Posting Date',
      ],
      narration: ['Narration', 'Description', 'Particulars', 'Transaction Remarks', 'Remarks', 'Details'],
      utr: ['utr', 'UTR No', 'RRN', 'UPI Ref No'],
      reference: ['Reference', 'Ref No', 'Ref No./Cheque No.', 'Chq./Ref.No.', 'Cheque Number'],
      credit: ['Credit', 'Deposit', 'Deposit Amt.', 'Deposit Amount', 'CR', 'Credit Amount'],
      debit: ['Debit', 'Withdrawal', 'Withdrawal Amt.', 'Withdrawal Amount', 'DR', 'Debit Amount'],
      amount: ['amount', 'Amount', 'Transaction Amount', 'Amount (INR)'],
      drcr: ['Dr/Cr', 'Cr/Dr', 'Type', 'Transaction Type', 'DR/CR'],
      payee: ['payee', 'Account', 'Account Number'],
      payer: ['payer_name', 'Payer', 'Payer Name', 'Remitter', 'Remitter Name'],
    },
    signature: [],
  },
];

/** Header text as compared: lower case, letters and digits only. */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function findProfile(name: string): CsvProfile | undefined {
  return CSV_PROFILES.find((profile) => profile.name === name.toLowerCase());
}

/** The first bank profile whose signature headers are all in the row, else undefined. */
export function recogniseProfile(headers: readonly string[]): CsvProfile | undefined {
  const keys = new Set(headers.map(headerKey));
  return CSV_PROFILES.find(
    (profile) => profile.signature.length > 0 && profile.signature.every((name) => keys.has(headerKey(name))),
  );
}

import type { QrMatrix } from './qr-path.js';

/** An image the payer can keep: the QR with the shop and the amount under it, or a receipt. */
export type SavedImage =
  | { readonly kind: 'qr'; readonly matrix: QrMatrix; readonly caption: readonly string[] }
  | {
      readonly kind: 'receipt';
      readonly title: string;
      readonly rows: readonly (readonly [label: string, value: string])[];
    };

/**
 * What came of saving it: shared (Web Share), saved (a download), cancelled by the payer, failed,
 * or `manual`: nothing could be saved by the page (a web view), so the image is shown for the
 * payer to long-press or screenshot. A save is never reported that did not happen.
 */
export type SaveResult =
  | { readonly kind: 'shared' | 'saved' | 'cancelled' | 'failed' }
  | { readonly kind: 'manual'; readonly imageUrl: string };

export type SaveImage = (image: SavedImage, fileName: string) => Promise<SaveResult>;

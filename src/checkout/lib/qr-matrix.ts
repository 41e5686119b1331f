import { create } from 'qrcode/lib/core/qrcode.js';
import type { QrMatrix } from './qr-path.js';

/** The QR matrix of `text`, exactly as given (the page never rebuilds the UPI URI). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, data: modules.data };
}

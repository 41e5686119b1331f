import { QR_MARGIN, type QrMatrix } from './qr-path.js';

const SCALE = 10;

/**
 * Saves the QR as a PNG the payer can pick from the gallery inside their UPI app (a payer with
 * one phone cannot scan their own screen). Returns false when the browser cannot draw it.
 */
export function saveQrImage(matrix: QrMatrix, fileName: string): boolean {
  const side = (matrix.size + QR_MARGIN * 2) * SCALE;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.data[row * matrix.size + col]) {
        context.fillRect((col + QR_MARGIN) * SCALE, (row + QR_MARGIN) * SCALE, SCALE, SCALE);
      }
    }
  }
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  return true;
}

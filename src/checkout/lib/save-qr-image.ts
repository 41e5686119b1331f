import { QR_MARGIN, type QrMatrix } from './qr-path.js';

const SCALE = 10;

/** What came of "Save QR": shared (Web Share), saved (download), cancelled by the payer, failed. */
export type SaveQrResult = 'shared' | 'saved' | 'cancelled' | 'failed';

/**
 * Saves the QR as a PNG the payer can pick from the gallery inside their UPI app (a payer with
 * one phone cannot scan their own screen). Where the browser can share files (Android web views
 * often block downloads), it offers the PNG through the Web Share API; else it downloads it.
 */
export async function saveQrImage(matrix: QrMatrix, fileName: string): Promise<SaveQrResult> {
  const canvas = drawQr(matrix);
  if (!canvas) return 'failed';
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return deliverPng(png, fileName, navigator, () => download(canvas.toDataURL('image/png'), fileName));
}

/** The share-or-download decision, apart from the drawing so it can be tested. */
export async function deliverPng(
  png: Blob | null,
  fileName: string,
  share: Partial<Pick<Navigator, 'canShare' | 'share'>>,
  fallback: () => void,
): Promise<SaveQrResult> {
  if (png && typeof File === 'function' && share.canShare && share.share) {
    const file = new File([png], fileName, { type: 'image/png' });
    if (share.canShare({ files: [file] })) {
      try {
        await share.share({ files: [file] });
        return 'shared';
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
        // Sharing refused (no user activation, policy): fall back to a download.
      }
    }
  }
  try {
    fallback();
    return 'saved';
  } catch {
    return 'failed';
  }
}

function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

function drawQr(matrix: QrMatrix): HTMLCanvasElement | undefined {
  const side = (matrix.size + QR_MARGIN * 2) * SCALE;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
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
  return canvas;
}

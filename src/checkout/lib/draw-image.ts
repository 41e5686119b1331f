import { QR_MARGIN } from './qr-path.js';
import type { SavedImage } from './saved-image.js';

const SCALE = 10;
const FONT = 'system-ui, "Noto Sans", sans-serif';

/** Draws a saved image (QR with its caption, or a receipt) on a canvas; undefined without 2D. */
export function drawImage(image: SavedImage): HTMLCanvasElement | undefined {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  if (image.kind === 'qr') drawQr(canvas, context, image);
  else drawReceipt(canvas, context, image);
  return canvas;
}

function drawQr(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  { matrix, caption }: Extract<SavedImage, { kind: 'qr' }>,
): void {
  const side = (matrix.size + QR_MARGIN * 2) * SCALE;
  const lineHeight = 44;
  canvas.width = side;
  canvas.height = side + caption.length * lineHeight + (caption.length > 0 ? 24 : 0);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.data[row * matrix.size + col]) {
        context.fillRect((col + QR_MARGIN) * SCALE, (row + QR_MARGIN) * SCALE, SCALE, SCALE);
      }
    }
  }
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  caption.forEach((line, index) => {
    fitText(context, line, side - 40, index === 0 ? 34 : 30, index === 0 ? 'bold' : 'normal');
    context.fillText(line, side / 2, side + index * lineHeight + lineHeight / 2);
  });
}

function drawReceipt(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  { title, rows }: Extract<SavedImage, { kind: 'receipt' }>,
): void {
  const width = 720;
  const pad = 48;
  const rowHeight = 96;
  canvas.width = width;
  canvas.height = pad * 2 + 72 + rows.length * rowHeight;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = 'top';
  context.fillStyle = '#0b6e4f';
  fitText(context, title, width - pad * 2, 40, 'bold');
  context.fillText(title, pad, pad);
  rows.forEach(([label, value], index) => {
    const top = pad + 72 + index * rowHeight;
    context.fillStyle = '#d5dae0';
    context.fillRect(pad, top, width - pad * 2, 2);
    context.fillStyle = '#4a5563';
    fitText(context, label, width - pad * 2, 24, 'normal');
    context.fillText(label, pad, top + 14);
    context.fillStyle = '#17202a';
    fitText(context, value, width - pad * 2, 32, 'bold');
    context.fillText(value, pad, top + 46);
  });
}

/** Sets the font, shrinking it until `text` fits `maxWidth`. */
function fitText(
  context: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
  size: number,
  weight: 'bold' | 'normal',
): void {
  let px = size;
  context.font = `${weight} ${px}px ${FONT}`;
  while (px > 12 && context.measureText(text).width > maxWidth) {
    px -= 2;
    context.font = `${weight} ${px}px ${FONT}`;
  }
}

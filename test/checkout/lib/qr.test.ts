import jsQRModule from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from '../../../src/checkout/lib/qr-matrix.js';
import { QR_MARGIN, qrPath } from '../../../src/checkout/lib/qr-path.js';

type Decode = (pixels: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS; under NodeNext its default import is the module object.
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as Decode;

const EXTRA = 'upi://pay?pa=shop@okbank&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY123456&tn=Order%20A-1001';

/** Rasterises the matrix (with its quiet zone) into RGBA pixels for a QR reader. */
function toPixels(size: number, data: ArrayLike<number | boolean>, scale = 4) {
  const side = (size + QR_MARGIN * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - QR_MARGIN;
      const col = Math.floor(x / scale) - QR_MARGIN;
      if (row >= 0 && col >= 0 && row < size && col < size && data[row * size + col]) {
        const i = (y * side + x) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return { pixels, side };
}

describe('QR', () => {
  it('encodes extra exactly as given, so a scanner reads it back unchanged', () => {
    const matrix = qrMatrix(EXTRA);
    const { pixels, side } = toPixels(matrix.size, matrix.data);
    expect(jsQR(pixels, side, side)?.data).toBe(EXTRA);
  });

  it('draws dark runs as path squares offset by the quiet zone', () => {
    const path = qrPath({ size: 2, data: [1, 1, 0, 1] });
    expect(path).toBe(`M${QR_MARGIN} ${QR_MARGIN}h2v1h-2zM${QR_MARGIN + 1} ${QR_MARGIN + 1}h1v1h-1z`);
  });
});

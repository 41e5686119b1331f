/** A QR code's module matrix as the `qrcode` package's core produces it. */
export interface QrMatrix {
  readonly size: number;
  /** Row-major, 1 for a dark module. */
  readonly data: ArrayLike<number | boolean>;
}

/** Quiet zone around the code, in modules, as the QR standard asks. */
export const QR_MARGIN = 4;

/** An SVG path drawing every dark module as a 1x1 square, offset by the quiet zone. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.data[row * matrix.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.data[row * matrix.size + col]) col++;
      parts.push(`M${start + QR_MARGIN} ${row + QR_MARGIN}h${col - start}v1h-${col - start}z`);
    }
  }
  return parts.join('');
}

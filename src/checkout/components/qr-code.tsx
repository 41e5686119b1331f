import { QR_MARGIN, type QrMatrix, qrPath } from '../lib/qr-path.js';

/** The QR as an SVG (no inline styles, so the CSP holds); `label` is its text alternative. */
export function QrCode({ matrix, label }: { readonly matrix: QrMatrix; readonly label: string }) {
  const side = matrix.size + QR_MARGIN * 2;
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shape-rendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}

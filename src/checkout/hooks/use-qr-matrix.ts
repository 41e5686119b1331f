import { useEffect, useState } from 'preact/hooks';
import type { QrMatrix } from '../lib/qr-path.js';

/**
 * The QR matrix of `text`, computed by the `qrcode` core in a lazily loaded chunk: it is fetched
 * after the first paint instead of weighing on it.
 */
export function useQrMatrix(text: string | null): QrMatrix | undefined {
  const [matrix, setMatrix] = useState<{ text: string; matrix: QrMatrix }>();
  useEffect(() => {
    if (text === null || matrix?.text === text) return;
    let live = true;
    void import('../lib/qr-matrix.js').then(({ qrMatrix }) => {
      if (live) setMatrix({ text, matrix: qrMatrix(text) });
    });
    return () => {
      live = false;
    };
  }, [text, matrix]);
  return matrix?.text === text ? matrix.matrix : undefined;
}

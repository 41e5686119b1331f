/** Types for the browser-friendly core of the `qrcode` package (the matrix only, no renderers). */
declare module 'qrcode/lib/core/qrcode.js' {
  export interface QrCodeData {
    readonly modules: { readonly size: number; readonly data: Uint8Array };
  }
  export function create(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): QrCodeData;
}

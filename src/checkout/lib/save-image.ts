import { drawImage } from './draw-image.js';
import type { SavedImage, SaveResult } from './saved-image.js';

/**
 * Saves a PNG of `image` the payer can keep or pick from the gallery inside a UPI app. Where the
 * browser shares files, through the Web Share API; else as a download, except in a web view
 * (`manualOnly`), where downloads of generated images silently do nothing: there the image is
 * handed back to be shown for a long-press or a screenshot. Loaded on the first tap (its own chunk).
 */
export async function saveImage(
  image: SavedImage,
  fileName: string,
  manualOnly: boolean,
): Promise<SaveResult> {
  const canvas = drawImage(image);
  if (!canvas) return { kind: 'failed' };
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  const download = manualOnly ? undefined : () => downloadLink(canvas.toDataURL('image/png'), fileName);
  return deliverPng(png, fileName, navigator, download, () => canvas.toDataURL('image/png'));
}

/** The share, download or show decision, apart from the drawing so it can be tested. */
export async function deliverPng(
  png: Blob | null,
  fileName: string,
  share: Partial<Pick<Navigator, 'canShare' | 'share'>>,
  download: (() => void) | undefined,
  imageUrl: () => string,
): Promise<SaveResult> {
  if (png && typeof File === 'function' && share.canShare && share.share) {
    const file = new File([png], fileName, { type: 'image/png' });
    if (share.canShare({ files: [file] })) {
      try {
        await share.share({ files: [file] });
        return { kind: 'shared' };
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') return { kind: 'cancelled' };
        // Sharing refused (no user activation, policy): fall back.
      }
    }
  }
  if (download) {
    try {
      download();
      return { kind: 'saved' };
    } catch {
      // Fall through: show the image instead.
    }
  }
  try {
    return { kind: 'manual', imageUrl: imageUrl() };
  } catch {
    return { kind: 'failed' };
  }
}

function downloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

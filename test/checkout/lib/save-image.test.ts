import { describe, expect, it, vi } from 'vitest';
import { deliverPng } from '../../../src/checkout/lib/save-image.js';

const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
const dataUrl = () => 'data:image/png;base64,iVBORw0KGgo=';

describe('saving an image (the QR, a receipt)', () => {
  it('shares the PNG as a file through the Web Share API where the browser offers it', async () => {
    const share = vi.fn(async () => {});
    const download = vi.fn();
    const result = await deliverPng(png, 'upi-A-1.png', { canShare: () => true, share }, download, dataUrl);
    expect(result).toEqual({ kind: 'shared' });
    const files = (share.mock.calls[0] as unknown as [{ files: File[] }])[0].files;
    expect(files[0]?.name).toBe('upi-A-1.png');
    expect(files[0]?.type).toBe('image/png');
    expect(download).not.toHaveBeenCalled();
  });

  it('downloads it where sharing files is not offered or is refused', async () => {
    const download = vi.fn();
    expect(await deliverPng(png, 'a.png', {}, download, dataUrl)).toEqual({ kind: 'saved' });
    expect(
      await deliverPng(png, 'a.png', { canShare: () => false, share: vi.fn() }, download, dataUrl),
    ).toEqual({
      kind: 'saved',
    });
    const refused = vi.fn(async () => {
      throw new DOMException('no gesture', 'NotAllowedError');
    });
    expect(
      await deliverPng(png, 'a.png', { canShare: () => true, share: refused }, download, dataUrl),
    ).toEqual({
      kind: 'saved',
    });
    expect(download).toHaveBeenCalledTimes(3);
  });

  it('in a web view, where a download would silently do nothing, hands the image back to be shown instead of claiming a save', async () => {
    const refused = vi.fn(async () => {
      throw new DOMException('not here', 'NotAllowedError');
    });
    expect(await deliverPng(png, 'a.png', {}, undefined, dataUrl)).toEqual({
      kind: 'manual',
      imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(
      await deliverPng(png, 'a.png', { canShare: () => true, share: refused }, undefined, dataUrl),
    ).toEqual({
      kind: 'manual',
      imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
    });
  });

  it('says nothing happened when the payer closes the share sheet, and failed when nothing worked', async () => {
    const aborted = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    expect(
      await deliverPng(png, 'a.png', { canShare: () => true, share: aborted }, vi.fn(), dataUrl),
    ).toEqual({
      kind: 'cancelled',
    });
    const broken = () => {
      throw new Error('blocked');
    };
    expect(await deliverPng(null, 'a.png', {}, broken, broken)).toEqual({ kind: 'failed' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { deliverPng } from '../../../src/checkout/lib/save-qr-image.js';

const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

describe('saving the QR', () => {
  it('shares the PNG as a file through the Web Share API where the browser offers it', async () => {
    const share = vi.fn(async () => {});
    const fallback = vi.fn();
    const result = await deliverPng(png, 'upi-A-1.png', { canShare: () => true, share }, fallback);
    expect(result).toBe('shared');
    const files = (share.mock.calls[0] as unknown as [{ files: File[] }])[0].files;
    expect(files[0]?.name).toBe('upi-A-1.png');
    expect(files[0]?.type).toBe('image/png');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('downloads it where sharing files is not offered or is refused', async () => {
    const fallback = vi.fn();
    expect(await deliverPng(png, 'a.png', {}, fallback)).toBe('saved');
    expect(await deliverPng(png, 'a.png', { canShare: () => false, share: vi.fn() }, fallback)).toBe('saved');
    const refused = vi.fn(async () => {
      throw new DOMException('no gesture', 'NotAllowedError');
    });
    expect(await deliverPng(png, 'a.png', { canShare: () => true, share: refused }, fallback)).toBe('saved');
    expect(fallback).toHaveBeenCalledTimes(3);
  });

  it('says nothing happened when the payer closes the share sheet, and failed when nothing worked', async () => {
    const aborted = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    expect(await deliverPng(png, 'a.png', { canShare: () => true, share: aborted }, vi.fn())).toBe(
      'cancelled',
    );
    const broken = () => {
      throw new Error('blocked');
    };
    expect(await deliverPng(null, 'a.png', {}, broken)).toBe('failed');
  });
});

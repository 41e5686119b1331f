import type { PayerOrder } from '../../shared/payer-order.js';

/** The merchant's return address, only when it is an absolute http(s) URL; never `javascript:` etc. */
export function safeRedirectUrl(url: string | null): string | undefined {
  if (url === null || url.trim() === '') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the payer goes back to the shop: the service's signed `return_url` (the order's reference,
 * status and signature added to `redirect_url`), else the plain `redirect_url`.
 */
export function returnUrl(order: Pick<PayerOrder, 'return_url' | 'redirect_url'>): string | undefined {
  return safeRedirectUrl(order.return_url) ?? safeRedirectUrl(order.redirect_url);
}

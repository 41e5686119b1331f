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

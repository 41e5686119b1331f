/** `/checkout/{payment_uid}` -> the uid (decoded), or "" when the path has none. */
export function paymentUidFromPath(pathname: string): string {
  const match = /^\/checkout\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

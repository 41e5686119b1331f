/**
 * Serves the built checkout page (dist/checkout): hashed assets cached for a year, the page
 * itself never cached and under a strict Content Security Policy whose frame-ancestors are the
 * order's embed origins. An unknown payment_uid still gets the page (it shows "link not found" in
 * the payer's language) with status 404; a path that names a file (`assets`, a name with an
 * extension: payment_uids have none) and is not one of the page's is a 404 in the error shape,
 * like every answer outside the page itself.
 */
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { bootTextFor } from '../../shared/boot-text.js';
import { notFound } from '../errors.js';
import { renderError } from '../http/envelope.js';
import { localizedIndexes } from './localize-index.js';
import { pageHeaders } from './page-headers.js';
import { IMMUTABLE, listFiles, loadStaticFile, type StaticFile, sendStaticFile } from './static-files.js';

export interface CheckoutPageDeps {
  /** Folder with the built page (dist/checkout): index.html and assets/. */
  readonly distDir: string;
  /** Allowed iframe parent origins for the order, or undefined when the order does not exist. */
  readonly embedOrigins: (paymentUid: string) => Promise<readonly string[] | undefined>;
}

/** Unhashed top-level files (favicon): cached briefly, revalidated after. */
const SHORT = 'public, max-age=3600';
const PAYMENT_UID = /^[A-Za-z0-9_.-]{1,128}$/;
/** A path segment that asks for a file, never for an order. */
const FILE_NAME = /^assets$|\.[A-Za-z0-9]{1,12}$/;

export function checkoutPageRoutes(deps: CheckoutPageDeps): Hono {
  const files = new Map<string, StaticFile>();
  for (const name of listFiles(deps.distDir)) files.set(name, loadStaticFile(join(deps.distDir, name)));
  const index = files.get('index.html');
  if (!index) throw new Error(`checkout page: no index.html in ${deps.distDir} (run npm run build:checkout)`);
  files.delete('index.html');
  const indexes = localizedIndexes(index.body('identity'));
  // Each locale's chunk (`assets/hi-1a2B3c.js`), preloaded beside the entry script.
  const localeChunks = new Map<string, string>();
  for (const name of files.keys()) {
    const match = /^assets\/([a-z]{2})-[\w-]+\.js$/.exec(name);
    if (match?.[1]) localeChunks.set(match[1], `/checkout/${name}`);
  }

  const app = new Hono();

  const noSuchFile = (c: Context) => renderError(c, notFound("no such file in the checkout page's assets"));
  app.get('/checkout/assets/*', (c) => {
    const name = c.req.path.slice('/checkout/'.length);
    const file = files.get(name);
    if (!file) return noSuchFile(c);
    return sendStaticFile(file, c.req.header('accept-encoding'), 200, { 'Cache-Control': IMMUTABLE });
  });

  const page = async (paymentUid: string, request: Request) => {
    const { locale } = bootTextFor(
      new URL(request.url).searchParams.get('lang'),
      request.headers.get('accept-language') ?? undefined,
    );
    let origins: readonly string[] | undefined;
    if (PAYMENT_UID.test(paymentUid)) {
      try {
        origins = await deps.embedOrigins(paymentUid);
      } catch {
        // The store is unreachable: serve the page anyway, embeddable by nobody; it will retry.
        origins = [];
      }
    }
    // The order and the locale start loading with the page's script, not after it (slow networks).
    const chunk = localeChunks.get(locale);
    const preload = [
      ...(origins !== undefined && PAYMENT_UID.test(paymentUid)
        ? [`</checkout/api/orders/${paymentUid}>; rel=preload; as=fetch; crossorigin`]
        : []),
      ...(chunk ? [`<${chunk}>; rel=modulepreload`] : []),
    ];
    return sendStaticFile(
      indexes[locale],
      request.headers.get('accept-encoding') ?? undefined,
      origins === undefined ? 404 : 200,
      {
        ...pageHeaders(origins ?? []),
        'Content-Language': locale,
        Vary: 'Accept-Encoding, Accept-Language',
        ...(preload.length > 0 ? { Link: preload.join(', ') } : {}),
      },
    );
  };

  app.get('/checkout/:payment_uid', async (c) => {
    const segment = c.req.param('payment_uid');
    const topLevel = files.get(segment);
    if (topLevel)
      return sendStaticFile(topLevel, c.req.header('accept-encoding'), 200, { 'Cache-Control': SHORT });
    if (FILE_NAME.test(segment)) return noSuchFile(c);
    return page(segment, c.req.raw);
  });
  app.get('/checkout', (c) => page('', c.req.raw));
  app.get('/checkout/', (c) => page('', c.req.raw));

  return app;
}

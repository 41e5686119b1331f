/**
 * Debian's Chromium through playwright-core, launched once per test file. Each test opens its own
 * contexts (a phone with touch, or a desktop); after a failing test every open page is saved as a
 * screenshot under test-results/e2e/ and the paths are printed. Uncaught errors in the page fail
 * the test; console errors are printed with a failure.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { RESULTS_DIR } from './service-process.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export interface ContextOptions {
  /** BCP 47 tag; sets navigator.language(s) and Accept-Language. Default en-IN. */
  readonly locale?: string;
  /** Origin whose clipboard may be read and written. */
  readonly clipboardOrigin?: string;
  /** Another user agent (a phone's by default): an app's web view, say. */
  readonly userAgent?: string;
  /** Accept the suite's self-signed TLS certificate (the flow through nginx). */
  readonly acceptTestCertificate?: boolean;
}

export interface E2eBrowser {
  /** A phone: 390x844, touch, an Android user agent. */
  phone(options?: ContextOptions): Promise<BrowserContext>;
  /** A desktop: 1280x900, mouse. */
  desktop(options?: ContextOptions): Promise<BrowserContext>;
}

interface PageNotes {
  readonly page: Page;
  readonly pageErrors: string[];
  readonly consoleErrors: string[];
}

/** Registers the browser's hooks for the calling test file. */
export function useBrowser(): E2eBrowser {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let notes: PageNotes[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterEach(async (context: TestContext) => {
    const uncaught = notes.flatMap((note) => note.pageErrors.map((error) => `${note.page.url()}: ${error}`));
    try {
      if (uncaught.length > 0 && context.task.result?.state !== 'fail') {
        throw new Error(`uncaught errors in the page:\n${uncaught.join('\n')}`);
      }
    } finally {
      if (context.task.result?.state === 'fail' || uncaught.length > 0) await saveEvidence(context, notes);
      for (const open of contexts) await open.close().catch(() => undefined);
      contexts = [];
      notes = [];
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  const open = async (options: BrowserContextOptions, extra: ContextOptions): Promise<BrowserContext> => {
    if (!browser) throw new Error('the browser is not running');
    const context = await browser.newContext({
      ...options,
      ...(extra.userAgent ? { userAgent: extra.userAgent } : {}),
      locale: extra.locale ?? 'en-IN',
      timezoneId: 'Asia/Kolkata',
      ...(extra.acceptTestCertificate ? { ignoreHTTPSErrors: true } : {}),
    });
    if (extra.clipboardOrigin) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: extra.clipboardOrigin,
      });
    }
    context.on('page', (page) => {
      const note: PageNotes = { page, pageErrors: [], consoleErrors: [] };
      notes.push(note);
      page.on('pageerror', (error) => note.pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') note.consoleErrors.push(message.text());
      });
    });
    contexts.push(context);
    return context;
  };

  return {
    phone: (extra = {}) =>
      open(
        {
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          userAgent: ANDROID_UA,
        },
        extra,
      ),
    desktop: (extra = {}) => open({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 }, extra),
  };
}

async function saveEvidence(context: TestContext, notes: readonly PageNotes[]): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const base = slug(`${context.task.file?.name ?? 'test'}-${context.task.name}`);
  let n = 0;
  for (const note of notes) {
    if (note.page.isClosed()) continue;
    n += 1;
    const path = join(RESULTS_DIR, `${base}-${n}.png`);
    try {
      await note.page.screenshot({ path, fullPage: true, timeout: 5000 });
      console.error(`[e2e] screenshot of ${note.page.url()} saved to ${path}`);
    } catch (error) {
      console.error(`[e2e] could not screenshot ${note.page.url()}: ${String(error)}`);
    }
    for (const message of [...note.pageErrors, ...note.consoleErrors]) {
      console.error(`[e2e] console of ${note.page.url()}: ${message}`);
    }
  }
}

function slug(text: string): string {
  return text
    .replace(/^test\/e2e\/flows\//, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

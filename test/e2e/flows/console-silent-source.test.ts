/**
 * A silent credit source in the console: the shop's phone forwarder sends a heartbeat, so its SMS
 * source is expected to be active; it then says nothing for SOURCE_SILENCE_MINUTES (the `quiet`
 * services, 30 seconds) and Needs attention lists it with its reason. One more heartbeat and it
 * leaves the queue. The page is refreshed until it shows each change: how long that takes depends
 * on the clock and the machine, what it shows does not.
 */
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { SOURCE_SILENCE_SECONDS } from '../support/services.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack('quiet');
const browser = useBrowser();

/** Long enough for the silence to begin and the page to catch up on a loaded machine. */
const UNTIL_SILENT_MS = SOURCE_SILENCE_SECONDS * 1000 + 40_000;

describe(`console silent credit source (${storeKind()})`, () => {
  test('a source that stops its heartbeats is listed in Needs attention and leaves after one more', {
    timeout: UNTIL_SILENT_MS + 60_000,
  }, async () => {
    const source = await stack.operator.request<{ source_id: string; ingest_token: string }>(
      'POST',
      '/credit-sources',
      {
        merchant_uid: stack.merchant.credentials.merchantUid,
        account: stack.accounts.upi_vpa,
        kind: 'sms',
        name: 'Counter phone',
      },
    );
    expect(source.status).toBe(201);
    const heartbeat = () =>
      fetch(`${stack.url}/ingest/heartbeat`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${source.data.ingest_token}` },
      });
    expect((await heartbeat()).status).toBe(200);

    const page = await (await browser.desktop()).newPage();
    await signInToConsole(page, stack.url, inject('e2eServices').quiet?.operatorToken ?? '');
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: /^Needs attention/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();

    const card = page
      .getByRole('listitem')
      .filter({ hasText: `Counter phone (${stack.accounts.upi_vpa}) sent no text or heartbeat since` });
    /** Reads the queue again and counts the source's cards once the page shows the new answer. */
    const cardsAfterRefresh = async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
      return card.count();
    };
    expect(await card.count()).toBe(0);

    await expect.poll(cardsAfterRefresh, { timeout: UNTIL_SILENT_MS, interval: 1000 }).toBe(1);
    await card.getByText(/its forwarder sent heartbeats before: check the phone/).waitFor();
    await page.getByRole('link', { name: 'Silent credit sources (1)' }).waitFor();
    await expectNoAxeViolations(page, 'console Needs attention, a silent source');

    expect((await heartbeat()).status).toBe(200);
    await expect.poll(cardsAfterRefresh, { interval: 500 }).toBe(0);
  });
});

/**
 * Flow 5: a browser whose language is Hindi gets the page in Hindi, with no English left on the
 * pay, verifying and success screens; the picker switches the language.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations, latinWordsOutside, perceivableText } from '../support/page-checks.js';
import { MERCHANT, storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

/** Latin-script words that belong in a Hindi page: names of schemes, apps, codes and the merchant's data. */
const ALWAYS_ALLOWED = [
  'UPI',
  'IMPS',
  'IFSC',
  'UTR',
  'QR',
  'ID',
  'SMS',
  'INR',
  'Google',
  'Pay',
  'PhonePe',
  'Paytm',
  'BHIM',
];

function allowedWords(...data: string[]): Set<string> {
  const words = [...ALWAYS_ALLOWED];
  for (const text of data) words.push(...(text.match(/[A-Za-z]+/g) ?? []));
  return new Set(words);
}

describe(`Hindi (${storeKind()})`, () => {
  test('a Hindi browser gets the whole page in Hindi, and the picker switches language', async () => {
    const order = await createCollection(stack, { amount: '999.00', prefix: 'HINDI' });
    // The merchant's name, its initial (the header's mark), UPI ID and the order reference are data.
    const allowed = allowedWords(
      MERCHANT.name,
      MERCHANT.name.charAt(0),
      stack.accounts.upi_vpa,
      MERCHANT.upi_payee_name,
      order.merchantOrderId,
    );
    const phone = await browser.phone({ locale: 'hi-IN' });
    const page = await phone.newPage();
    await page.goto(order.paymentUrl);
    await page.getByRole('heading', { name: 'UPI से भुगतान करें' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.getByRole('button', { name: 'QR कोड दिखाएँ' }).click();
    await page.getByRole('img', { name: /QR कोड/ }).waitFor();
    expect(
      latinWordsOutside(await perceivableText(page), allowed),
      'English on the Hindi pay screen',
    ).toEqual([]);
    await expectNoAxeViolations(page, 'pay (Hindi)');

    const utrField = page.getByLabel('UTR (12 अंकों का रेफ़रेंस नंबर)');
    await utrField.fill('9876543210');
    await expect
      .poll(() => page.getByText('यह मोबाइल नंबर लगता है। UTR में 12 अंक होते हैं।').isVisible())
      .toBe(true);
    expect(latinWordsOutside(await perceivableText(page), allowed), 'English in the Hindi UTR help').toEqual(
      [],
    );

    const utr = newUtr();
    await utrField.fill(utr);
    await page.getByRole('button', { name: 'भुगतान की पुष्टि करें' }).click();
    await page.getByRole('heading', { level: 1, name: 'आपका भुगतान जाँचा जा रहा है' }).waitFor();
    expect(
      latinWordsOutside(await perceivableText(page), allowed),
      'English on the Hindi verifying screen',
    ).toEqual([]);
    await expectNoAxeViolations(page, 'verifying (Hindi)');

    await stack.operator.postCredit({ utr, amount: '999.00' });
    await page.getByRole('heading', { level: 1, name: 'भुगतान मिल गया' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'इसी पेज पर रहें' }).click();
    expect(
      latinWordsOutside(await perceivableText(page), allowed),
      'English on the Hindi success screen',
    ).toEqual([]);
    await expectNoAxeViolations(page, 'success (Hindi)');

    // The picker: English, then Tamil, each kept in the address for a reload.
    const picker = page.getByRole('combobox', { name: 'भाषा' });
    await picker.selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    // The page's lang and address follow the render in an effect: wait for them as for Tamil below.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('en');
    await expectNoAxeViolations(page, 'success (switched to English)');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ta');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ta');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ta');
    expect(await page.getByRole('heading', { level: 1, name: 'Payment received' }).count()).toBe(0);
  });
});

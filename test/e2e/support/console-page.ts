import type { Page } from 'playwright-core';

/**
 * Signs in to the operator console with a token and waits for the screen it lands on: the flows
 * that act in the console start here (console.test.ts drives the sign-in form itself).
 */
export async function signInToConsole(
  page: Page,
  url: string,
  token: string,
  landing: { readonly hash?: string; readonly heading?: string } = {},
): Promise<void> {
  await page.goto(`${url}/console/${landing.hash ?? ''}`);
  await page.getByLabel('Operator token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: landing.heading ?? 'Today' }).waitFor();
}

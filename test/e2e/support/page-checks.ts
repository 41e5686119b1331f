/**
 * Checks run inside the page: an axe-core audit, decoding the QR from a screenshot, and the visible
 * text of the page (for the language checks).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQRModule from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS; under NodeNext its default import is the module object.
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as Decode;

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

interface AxeNode {
  readonly target: readonly unknown[];
  readonly html: string;
  readonly failureSummary?: string;
}
interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly helpUrl: string;
  readonly nodes: readonly AxeNode[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now and throws a readable
 * list of violations, naming `screen`.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await injectAxe(page);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  if (violations.length === 0) return;
  const report = violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} [${violation.helpUrl}]\n` +
        violation.nodes
          .map(
            (node) =>
              `    at ${node.target.join(' ')}: ${node.html}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  throw new Error(`axe-core found ${violations.length} violation(s) on the ${screen} screen:\n${report}`);
}

/**
 * The page's Content Security Policy (script-src 'self') refuses the inline script tag that
 * page.addScriptTag makes, and it should stay enforced while the flows run. So axe is evaluated
 * through the DevTools protocol instead, which the policy does not govern.
 */
async function injectAxe(page: Page): Promise<void> {
  axeSource ??= readFileSync(AXE_PATH, 'utf8');
  await page.evaluate(axeSource);
}

/** Screenshots `element` and decodes the QR code in it; undefined when none is found. */
export async function decodeQr(element: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await element.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return code?.data;
}

/**
 * Every piece of text a person can see or hear on the page: visible text nodes (the language
 * picker's option names aside), accessible names given by aria-label, and the document title.
 */
export async function perceivableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || text === '' || parent.closest('select, script, style')) continue;
      // Visually hidden live regions are heard, so they count; display:none and closed details do not.
      if (!parent.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
      texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label]')) {
      if (element.closest('[hidden]')) continue;
      texts.push(element.getAttribute('aria-label') ?? '');
    }
    return texts.filter((text) => text !== '');
  });
}

/** Latin-script words in `texts` that are not in `allowed` (compared case-sensitively). */
export function latinWordsOutside(texts: readonly string[], allowed: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const word of text.match(/[A-Za-z]+/g) ?? []) if (!allowed.has(word)) found.add(word);
  }
  return [...found];
}

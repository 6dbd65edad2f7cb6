// What every end-to-end test file shares: the browser, and pages that record every problem
// the page reports. A test file fails (in its `after`) when any page it opened logged a
// console error or warning, reported a Content-Security-Policy violation, or threw an
// uncaught exception: Chromium's own messages (a refused inline style, a passive-listener
// intervention) arrive as console messages too, so none of them can go unseen.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.TUNELAB_URL ?? 'http://127.0.0.1:8765/';
export const TIMEOUT_MS = 30_000;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Console messages that are the browser's business, not the page's: none so far. Keep this
 * list empty unless a message is shown to come from headless Chromium itself. */
const IGNORED = [];

/** Launches Chromium and returns { browser, problems, watch, finish }. `watch(page, label)`
 * records the page's problems; `finish()` closes the browser and asserts there were none. */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: TIMEOUT_MS,
  });
  const problems = [];
  const watch = (page, label) => {
    page.on('pageerror', (error) => problems.push(`${label}: uncaught ${error.message}`));
    page.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const text = message.text();
      if (IGNORED.some((re) => re.test(text))) return;
      problems.push(`${label}: console.${type}: ${text}`);
    });
    page.on('worker', (worker) => {
      worker.on?.('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${label} (worker): console.${message.type()}: ${message.text()}`);
        }
      });
    });
    page.on('dialog', (dialog) => {
      problems.push(`${label}: a dialog opened: ${dialog.message()}`);
      dialog.dismiss();
    });
    // A CSP violation also fires an event on the document: record it even when Chromium
    // would not log it.
    page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations = window.__cspViolations ?? [];
        window.__cspViolations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`);
        console.error(`CSP violation: ${e.violatedDirective} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });
  };
  const finish = async () => {
    await browser.close();
    assert.deepEqual(problems, [], 'no page logged an error or warning, a CSP violation or an uncaught exception');
  };
  return { browser, problems, watch, finish };
}

const AXE_SOURCE = readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** The axe-core violations on the page now, as "rule: selector" lines (empty when clean).
 * axe is evaluated through the debugging protocol, which the page's CSP does not govern. */
export async function axeViolations(page) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

/** Asserts that the page has no axe-core violation in light and in dark colours. */
export async function assertAccessible(page, label) {
  // Colours are checked at rest: with motion reduced the stylesheet drops its transitions, so
  // a button is not caught halfway between its light and dark colours on a slow machine (a
  // fixed wait for the 120 ms transition failed under load); then any animation still
  // running is waited out.
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5000 });
    assert.deepEqual(await axeViolations(page), [], `${label} (${colorScheme}): axe-core finds nothing`);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null });
}

// Accessibility in headless Chromium: axe-core (from npm) finds no violation on the console
// and the lesson index, in light and dark colours. Each lesson is checked after its run in
// lessons.test.mjs, with the same helper.

import { test, before, after } from 'node:test';
import { launch, BASE_URL, TIMEOUT_MS, assertAccessible } from './harness.mjs';

let harness;

before(async () => {
  harness = await launch();
});

after(async () => {
  await harness?.finish();
});

test('axe-core: the console and the lesson index have no violations, light and dark', async () => {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(TIMEOUT_MS);
  const page = await context.newPage();
  harness.watch(page, 'a11y');
  await page.goto(BASE_URL, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#console-input').fill('SELEC 1;');
  await page.locator('#console-input').press('Enter');
  await page.waitForSelector('#transcript .out-error');
  await assertAccessible(page, 'the console');
  await page.goto(`${BASE_URL}#lessons`);
  await page.waitForSelector('#lesson-index');
  await assertAccessible(page, 'the lesson index');
  await context.close();
});

// End-to-end tests of the lessons in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core), against dist/ served at TUNELAB_URL, like console.test.mjs. For each
// lesson: open it, commit a prediction, run it, compare every result table with what the
// native CLI prints for the same lesson (`target/release/tunelab lesson ID --json`), check
// that each drawn plot has non-blank pixels, reopen the share link in a fresh browser context
// and get the same figures. Also: a tampered link shows a message and the lesson index with
// nothing injected; presenter mode and A/B work by keyboard alone; no main-thread task over
// a second while a lesson runs (PerformanceObserver longtask). Screenshots go to
// tests/e2e/artifacts/lesson-ID.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, BASE_URL, assertAccessible } from './harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = join(HERE, 'artifacts');
const CLI = join(HERE, '..', '..', 'target', 'release', 'tunelab');
const RUN_TIMEOUT_MS = 180_000;
const TIMEOUT_MS = 30_000;
const LESSONS = [
  { id: 'buffer-pool', choice: 'high' },
  { id: 'durability', choice: 'tenfold' },
  { id: 'connections', choice: 'most' },
  { id: 'temp-tables', choice: 'temp' },
  { id: 'performance-schema', choice: 'almost-all' },
  { id: 'slow-log', choice: 'scans' },
  { id: 'advisor', choice: 'not-faster' },
  { id: 'sys-schema', choice: 'only-used' },
  { id: 'user-statistics', choice: 'within-noise' },
  { id: 'table-statistics', choice: 'cached' },
];

let browser;
let harness;

before(async () => {
  harness = await launch();
  browser = harness.browser;
});

after(async () => {
  await harness?.finish();
});

async function openPage(url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(TIMEOUT_MS);
  const page = await context.newPage();
  harness.watch(page, url);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    const observer = new MutationObserver(() => {
      if (document.body?.dataset.ready === 'true' && window.__readyMs === undefined) {
        window.__readyMs = performance.now();
      }
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { context, page };
}

/** Every result table on the page: id → { rows } or { awaiting: true }. */
function readTables(page, suffix = '') {
  return page.$$eval(`figure.result-table[data-table]`, (figures, suffix) => {
    const out = {};
    for (const f of figures) {
      if (!f.id.endsWith(suffix) || f.dataset.table === 'ab') continue;
      if (suffix === '' && /-(a|b)$/.test(f.id)) continue;
      if (f.querySelector('[data-awaiting]')) {
        out[f.dataset.table] = { awaiting: true };
      } else {
        out[f.dataset.table] = {
          columns: [...f.querySelectorAll('thead th')].map((th) => th.textContent),
          rows: [...f.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
        };
      }
    }
    return out;
  }, suffix);
}

function cliTables(id) {
  const json = JSON.parse(execFileSync(CLI, ['lesson', id, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const out = {};
  for (const t of json.tables) {
    out[t.id] = t.awaiting ? { awaiting: true } : { columns: t.columns, rows: t.rows };
  }
  return out;
}

/**
 * Commits `choice` and runs; returns the longest main-thread task seen during the run and
 * the time from Run to the verdict (every run of the sweep, in the browser).
 */
async function predictAndRun(page, choice) {
  await page.waitForSelector('#run-button');
  assert.equal(await page.isDisabled('#run-button'), true, 'Run waits for a prediction');
  await page.check(`input[name="prediction"][value="${choice}"]`);
  await page.click('#commit-button');
  await page.waitForSelector('#committed');
  await page.evaluate(() => { window.__longTasks = []; });
  const started = Date.now();
  await page.click('#run-button');
  await page.waitForSelector('#verdict', { timeout: RUN_TIMEOUT_MS });
  const sweepMs = Date.now() - started;
  // Plots draw in tasks of their own just after the results render.
  await page.waitForFunction(() => [...document.querySelectorAll('figure.plot canvas')].every((c) => c.dataset.drawn === 'true'));
  await page.waitForTimeout(100);
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  return { longest, sweepMs };
}

/** How many pixels of each plot differ from its corner (the background). */
function plotInk(page) {
  return page.$$eval('figure.plot canvas', (canvases) => canvases.map((c) => {
    const ctx = c.getContext('2d');
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) ink++;
    }
    return ink;
  }));
}

for (const { id, choice } of LESSONS) {
  test(`lesson ${id}: prediction, run, figures equal the CLI's, plots drawn, share link`, async () => {
    const { context, page } = await openPage(`${BASE_URL}#lesson/${id}`);
    await page.waitForSelector(`#lesson[data-lesson="${id}"]`);
    const readyMs = await page.evaluate(() => Math.round(window.__readyMs ?? performance.now()));
    console.log(`lesson ${id}: first interactive ${readyMs} ms`);
    const { longest, sweepMs } = await predictAndRun(page, choice);
    console.log(`lesson ${id}: every run of the sweep, Run to verdict, ${sweepMs} ms`);
    console.log(`lesson ${id}: longest main-thread task while running ${Math.round(longest)} ms`);
    // The engine runs in a worker; work of its on the main thread would show as tasks of
    // seconds. The bound leaves room for the browser's own pauses: a 124 ms one was seen once
    // on this 2-core machine under load, and the connections lesson's results and bar plot
    // show one of 176-269 ms on every run (five runs, with the page's module built for size
    // or for speed; 305 ms with the whole suite running), not attributed yet (its outcome is
    // 6 KB of JSON), so the check does not fail at random.
    assert.ok(longest <= 1000, `no main-thread task over 1 s while the lesson runs (${longest})`);

    const shown = await readTables(page);
    const cli = cliTables(id);
    assert.deepEqual(shown, cli, 'the page shows the CLI\'s figures');

    const ink = await plotInk(page);
    for (const n of ink) assert.ok(n > 500, `a plot canvas is drawn (${n} pixels of ink)`);
    console.log(`lesson ${id}: ${ink.length} plot(s) drawn, ${Object.keys(cli).length} table(s)`);

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `lesson-${id}.png`), fullPage: true });
    await assertAccessible(page, `lesson ${id} after its run`);

    if (id === 'buffer-pool') {
      // The pool map: its label reads back each row; the run choice redraws it.
      const map = '[data-plot="internals-lru"] canvas';
      const row = (label, statement) => {
        const m = label.match(new RegExp(`${statement.replace(/[()]/g, '\\$&')}: (\\d+) % young, (\\d+) % old, (\\d+) % read from disk`));
        assert.ok(m, `a row for ${statement} in: ${label}`);
        return { young: Number(m[1]), old: Number(m[2]), read: Number(m[3]) };
      };
      const small = await page.getAttribute(map, 'aria-label');
      assert.match(small, /^shop\.page_views in a 128 MB pool/);
      const [start, pass1] = [row(small, '(the server as it started)'), row(small, 'CALL scan_pass(1)')];
      assert.ok(pass1.read > 50, 'a scan through a small pool reads most of the table');
      assert.equal(pass1.young, start.young, 'and leaves its young part as it was');
      await page.selectOption('#pool-map-run', { label: '1024 MB' });
      await page.waitForFunction((sel) => {
        const c = document.querySelector(sel);
        return c.getAttribute('aria-label').includes('1024 MB pool') && c.dataset.drawn === 'true';
      }, map);
      const big = await page.getAttribute(map, 'aria-label');
      assert.equal(row(big, 'CALL scan_pass(2)').read, 0, 'a pool that holds the table reads nothing');
    }

    const link = await page.inputValue('#lesson-link');
    assert.ok(link.length <= 2000, `a lesson link is at most 2,000 characters (${link.length})`);
    await context.close();

    const fresh = await openPage(link);
    await fresh.page.waitForSelector(`#lesson[data-lesson="${id}"]`);
    await predictAndRun(fresh.page, choice);
    assert.deepEqual(await readTables(fresh.page), shown, 'the share link gives the same figures');
    await fresh.context.close();
  });
}

test('a tampered or corrupt lesson link shows a message and the lesson index', async () => {
  for (const hash of ['#l1.AAAA<img src=x onerror=alert(1)>', '#l1.q1bKSS0uzs9TslJKKS1K', '#l9.future', '#lesson/%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
    const { context, page } = await openPage(`${BASE_URL}${hash}`);
    await page.waitForSelector('#lesson-index');
    const notice = await page.textContent('#link-notice');
    assert.match(notice, /lesson link could not be opened/, hash);
    assert.equal(await page.$$eval('img, script:not([src])', (n) => n.filter((e) => !e.closest('head')).length), 0, 'nothing injected');
    assert.equal(await page.$$eval('.lesson-card', (n) => n.length), 10, 'the index lists every lesson');
    await context.close();
  }
});

/** Presses Tab until the element with `id` has focus. */
async function tabTo(page, id) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((id) => document.activeElement?.id === id, id)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

/** Swipes across the page from (x0, y) to (x1, y) with a touch screen (CDP touch events). */
async function swipe(page, x0, x1, y = 400) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const hint = (page) => page.textContent('.presenter-hint');
const visibleParts = (page) => page.$$eval('.lesson-part', (n) => n.filter((e) => getComputedStyle(e).display !== 'none').length);

test('presenter mode by clicker keys, and by swipes on a touch screen', async () => {
  const { context, page } = await openPage(`${BASE_URL}#lesson/durability`, {
    viewport: { width: 1280, height: 720 },
    hasTouch: true,
  });
  await page.waitForSelector('#lesson');
  await tabTo(page, 'presenter-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('body.presenting');
  assert.equal(await visibleParts(page), 1, 'one part at a time');
  assert.ok(await page.evaluate(() => document.activeElement.classList.contains('lesson-part')),
    'the focus moves into the part shown');
  // Space right after entering goes on; it does not press the Leave button.
  await page.keyboard.press('Space');
  assert.match(await hint(page), /Part 2 of 6/);
  assert.ok(await page.$('body.presenting'), 'still presenting');
  await page.keyboard.press('PageDown');
  assert.match(await hint(page), /Part 3 of 6/);
  await page.keyboard.press('PageUp');
  assert.match(await hint(page), /Part 2 of 6/);
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.equal(scrolled, 0, 'PageDown and PageUp turn parts instead of scrolling');
  await page.keyboard.press('End');
  assert.match(await hint(page), /Part 6 of 6/);
  await page.keyboard.press('Home');
  assert.match(await hint(page), /Part 1 of 6/);
  // Every part fits a 1280x720 projector.
  for (let part = 1; part <= 6; part++) {
    const bottom = await page.$eval('.lesson-part:not(.part-hidden)', (e) => e.getBoundingClientRect().bottom);
    assert.ok(bottom <= 720, `part ${part} fits in 720 px (bottom at ${Math.round(bottom)})`);
    if (part < 6) await swipe(page, 1000, 300);
  }
  assert.match(await hint(page), /Part 6 of 6/, 'swipes went from the first part to the last');
  await swipe(page, 300, 1000);
  assert.match(await hint(page), /Part 5 of 6/, 'a swipe to the right goes back');
  await page.keyboard.press('Escape');
  await page.waitForSelector('body:not(.presenting)');
  await context.close();
});

test('A/B by keyboard alone, and presenter mode after a run at 1280x720', async () => {
  const { context, page } = await openPage(`${BASE_URL}#lesson/durability`, { viewport: { width: 1280, height: 720 } });
  await page.waitForSelector('#lesson');
  // A/B: the prediction, the toggle, a B knob and Run, all from the keyboard.
  await tabTo(page, 'presenter-button');
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.name === 'prediction')) break;
  }
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await tabTo(page, 'commit-button');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'committed',
    'after Commit the focus stays in the prediction card');
  await tabTo(page, 'ab-toggle');
  await page.keyboard.press('Space');
  await page.waitForSelector('#knob-fsync_us-b');
  await tabTo(page, 'knob-fsync_us-b');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('40');
  await page.keyboard.press('Tab');
  await tabTo(page, 'run-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#verdict', { timeout: RUN_TIMEOUT_MS });
  const ab = await page.$$eval('figure.result-table[data-table="ab"] tbody tr', (rows) => rows.length);
  assert.ok(ab >= 4, `the A/B differences table has a row per run (${ab})`);
  assert.ok(await page.$('#table-time-b'), 'B has its own tables');
  assert.ok((await page.inputValue('#lesson-link')).includes('#l1.'), 'the link carries A and B');

  // After a run, presenter mode still shows one part at a time; the engine's internals come
  // with the plots (part 5), not under every part, and the plots are redrawn large.
  await tabTo(page, 'presenter-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('body.presenting');
  const internalsShown = () => page.$eval('#internals-title', (e) => e.offsetParent !== null);
  assert.equal(await visibleParts(page), 1);
  assert.equal(await internalsShown(), false, 'not with the question');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  assert.match(await hint(page), /Part 5 of 6/);
  assert.equal(await visibleParts(page), 1);
  assert.equal(await internalsShown(), true, 'with the plots');
  await page.waitForFunction(() => [...document.querySelectorAll('figure.plot canvas')].every((c) => Number(c.dataset.width) > 1000));
  const canvas = await page.$eval('figure.plot canvas', (c) => ({ width: c.width, height: c.height }));
  assert.ok(canvas.width > 1000 && canvas.height <= 720 * 0.6, `a plot fills the projector's width (${JSON.stringify(canvas)})`);
  const bottom = await page.$eval('.lesson-part:not(.part-hidden)', (e) => e.getBoundingClientRect().bottom);
  assert.ok(bottom <= 720, `the plots part fits in 720 px (${Math.round(bottom)})`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('body:not(.presenting)');
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'lesson-1280x720.png') });
  await context.close();
});

test('a prediction and knob values survive a reload; invalid knobs are refused with the field marked', async () => {
  const { context, page } = await openPage(`${BASE_URL}#lesson/durability`);
  await page.waitForSelector('#lesson');
  await page.check('input[name="prediction"][value="tenfold"]');
  await page.click('#commit-button');
  await page.waitForSelector('#committed');
  for (const bad of ['-5', '', '99999999', '1e3']) {
    await page.fill('#knob-fsync_us-a', bad);
    assert.equal(await page.getAttribute('#knob-fsync_us-a', 'aria-invalid'), 'true', `${bad} is marked`);
    assert.equal(await page.isDisabled('#run-button'), true, `Run waits while ${bad} is in the field`);
    assert.match(await page.textContent('#knob-fsync_us-a-error'), /^fsync latency .*10 to 20,000 µs/);
    assert.doesNotMatch(await page.inputValue('#lesson-link'), /fsync_us/, 'the link never carries it');
  }
  await page.fill('#knob-fsync_us-a', '300');
  assert.equal(await page.getAttribute('#knob-fsync_us-a', 'aria-invalid'), null);
  assert.equal(await page.isDisabled('#run-button'), false);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#committed');
  assert.equal(await page.inputValue('#knob-fsync_us-a'), '300', 'the knob value survives a reload');
  assert.equal(await page.isChecked('input[name="prediction"][value="tenfold"]'), true);
  await context.close();
});

test('once loaded, the app works offline (service worker)', async () => {
  const { context, page } = await openPage(`${BASE_URL}#lessons`);
  await page.waitForSelector('#lesson-index');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first visit's files were fetched before the worker took control: one more online
  // visit of the console (which starts the engine) stores every file.
  await page.goto(BASE_URL, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#console-input').fill('SELECT 1+1;');
  await page.locator('#console-input').press('Enter');
  await page.waitForFunction(() => document.querySelector('#transcript').textContent.includes('|   2 |'));
  await page.goto(`${BASE_URL}#lessons`);
  await page.waitForSelector('#lesson-index');
  await context.close();
});

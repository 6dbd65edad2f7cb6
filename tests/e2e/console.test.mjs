// End-to-end test of the TuneLab console in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). It expects dist/ to be served already, at TUNELAB_URL
// (default http://127.0.0.1:8765/), e.g. `python3 -m http.server 8765 --bind 127.0.0.1
// --directory dist`; run it with `node --test` in tests/e2e. It prints the time from
// navigation start to a usable console (`first interactive: N ms`) and saves a screenshot
// to tests/e2e/artifacts/console.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, BASE_URL, TIMEOUT_MS } from './harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = join(HERE, 'artifacts');
const CLI = join(HERE, '..', '..', 'target', 'release', 'tunelab');

// The three statements of the session and a line each must print, exactly.
const SESSION = [
  { sql: 'SELECT 1+1;', lines: ['| 1+1 |', '|   2 |'] },
  {
    sql: 'SET GLOBAL query_cache_size = 0;',
    lines: ["ERROR 1193 (HY000): Unknown system variable 'query_cache_size'"],
  },
  { sql: 'SELECT @@max_connections;', lines: ['|               151 |'] },
];

let browser;
// Records every page's problems; `finish` fails the file on any.
let harness;
// The transcript and share link of the first session, for the replay test.
let sharedLink = '';
let sharedTranscript = '';

before(async () => {
  harness = await launch();
  browser = harness.browser;
});

after(async () => {
  await harness?.finish();
});

/** A fresh browser context (own storage, like a second laptop) at the classroom viewport. */
async function newContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(TIMEOUT_MS);
  return context;
}

/** Opens `url`, waits until the console takes input, and returns the page and the time
 * from navigation start until then. */
async function openConsole(context, url) {
  const page = await context.newPage();
  harness.watch(page, url);
  // Record the moment <body data-ready="true"> appears, in the page's own clock
  // (performance.now() counts from navigation start).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body?.dataset.ready === 'true' && window.__tunelabReadyMs === undefined) {
        window.__tunelabReadyMs = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: TIMEOUT_MS });
  await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT_MS });
  const readyMs = await page.evaluate(() => window.__tunelabReadyMs ?? performance.now());
  return { page, readyMs: Math.round(readyMs) };
}

function transcript(page) {
  return page.$eval('#transcript', (element) => element.textContent);
}

/** Waits until the transcript has every one of `lines` as a whole line. */
async function waitForLines(page, lines) {
  await page.waitForFunction(
    (wanted) => {
      const have = new Set((document.querySelector('#transcript')?.textContent ?? '').split('\n'));
      return wanted.every((line) => have.has(line));
    },
    lines,
    { timeout: TIMEOUT_MS },
  );
}

/** Types `sql` into the console, presses Enter and waits for its answer (every input is
 * echoed behind its prompt, so the transcript always grows) and an idle console. */
async function type(page, sql) {
  const input = page.locator('#console-input');
  const before = (await transcript(page)).length;
  await input.fill(sql);
  await input.press('Enter');
  await page.waitForFunction(
    (length) =>
      document.querySelector('#transcript').textContent.length > length &&
      document.body.dataset.busy === 'false',
    before,
    { timeout: TIMEOUT_MS },
  );
}

/** Waits for a fresh console: empty transcript, server up, nothing running. */
async function waitForFreshConsole(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('#transcript')?.textContent === '' &&
      document.body.dataset.ready === 'true' &&
      document.body.dataset.busy === 'false',
    undefined,
    { timeout: TIMEOUT_MS },
  );
}

test('the console answers as the mysql client does', async () => {
  const context = await newContext();
  const { page, readyMs } = await openConsole(context, BASE_URL);
  console.log(`first interactive: ${readyMs} ms`);

  for (const { sql, lines } of SESSION) {
    await type(page, sql);
    await waitForLines(page, lines);
    const text = await transcript(page);
    assert.ok(text.includes(`mysql> ${sql}\n`), `the typed line is echoed behind its prompt: ${sql}`);
  }
  assert.equal(await page.inputValue('#console-input'), '', 'the input is cleared after Enter');
  assert.match(await page.textContent('footer'), /seed 42 · profile wsl2-chapter · simulated MySQL 9\.7\.2/);

  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'console.png') });

  await page.click('#share-button');
  await page.waitForFunction(() => document.querySelector('#share-link').value.includes('#x1.'));
  sharedLink = await page.inputValue('#share-link');
  sharedTranscript = await transcript(page);
  assert.ok(sharedLink.startsWith(BASE_URL), `the link opens this site: ${sharedLink}`);
  assert.equal(await page.evaluate(() => location.href), sharedLink, 'the URL carries the link');
  await context.close();
});

test('a share link replays the session in a fresh browser', async () => {
  assert.ok(sharedLink, 'the first test made a link');
  const context = await newContext();
  const { page } = await openConsole(context, sharedLink);
  await waitForLines(page, SESSION.flatMap((s) => s.lines));
  assert.equal(await transcript(page), sharedTranscript, 'the replay prints the same bytes');
  assert.equal(await page.$('#message'), null, 'a good link shows no message');
  await context.close();
});

test('a damaged link shows a clear message and a working console', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, `${BASE_URL}#x1.garbage!!`);
  const message = await page.textContent('#message');
  assert.match(message, /share link could not be opened/);
  assert.match(message, /damaged/);
  assert.ok(!message.includes('<'), 'the message is plain text');
  assert.equal(await transcript(page), '', 'the console is fresh');

  await type(page, SESSION[0].sql);
  await waitForLines(page, SESSION[0].lines);
  await context.close();

  // A fragment that is no link at all is reported and removed, never run.
  const other = await newContext();
  const opened = await openConsole(other, `${BASE_URL}#javascript:alert(1)`);
  assert.match(await opened.page.textContent('#message'), /not a TuneLab link, so it was ignored/);
  assert.equal(await opened.page.evaluate(() => location.hash), '', 'the fragment is removed');
  await other.close();
});

test('the keyboard: Shift+Enter continues a statement, arrows walk the history', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  const input = page.locator('#console-input');

  await input.focus();
  await page.keyboard.type('SELECT @@max_connections');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('  AS connections;');
  await page.keyboard.press('Enter');
  await waitForLines(page, ['    ->   AS connections;', '|         151 |']);

  await type(page, 'SELECT 2;');
  await input.press('ArrowUp');
  assert.equal(await input.inputValue(), 'SELECT 2;');
  await input.press('ArrowUp');
  assert.equal(await input.inputValue(), 'SELECT @@max_connections\n  AS connections;');
  await input.press('ArrowDown');
  await input.press('End');
  await input.press('ArrowDown');
  assert.equal(await input.inputValue(), '', 'past the newest entry the draft comes back');

  // An unfinished statement waits at the continuation prompt.
  await type(page, 'SELECT 3');
  assert.equal((await page.textContent('label[for=console-input]')).trim().endsWith('->'), true);
  await type(page, ';');
  await waitForLines(page, ['| 3 |']);

  // The skip link focuses the input without touching the URL (which holds share links),
  // and an example fills the input without running it.
  const before = await transcript(page);
  await page.focus('.skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'console-input');
  assert.equal(await page.evaluate(() => location.hash), '');
  await page.click('.example >> nth=0');
  assert.match(await input.inputValue(), /^SHOW VARIABLES LIKE /);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'console-input');
  assert.equal(await transcript(page), before, 'neither ran anything nor reset the console');

  // Reset starts a fresh server: empty transcript, the same seed and profile.
  await page.click('#reset-button');
  await waitForFreshConsole(page);
  assert.equal(await page.inputValue('#seed-input'), '42');
  await context.close();
});

test('changing the seed or the profile restarts the console with them', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  await type(page, 'SELECT 1;');

  await page.fill('#seed-input', '7');
  await page.press('#seed-input', 'Tab');
  await page.waitForFunction(() => document.querySelector('#run-info').textContent.includes('seed 7 '));
  await waitForFreshConsole(page);

  await page.selectOption('#profile-select', 'nvme-server');
  await page.waitForFunction(() =>
    document.querySelector('#run-info').textContent.includes('profile nvme-server'),
  );
  await waitForFreshConsole(page);
  await type(page, 'SELECT @@innodb_dedicated_server;');
  await waitForLines(page, ['| @@innodb_dedicated_server |']);
  await context.close();
});

test('after mysqld dies the console offers to start it again', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  await type(page, '\\! kill -9 mysqld');
  await type(page, 'SELECT 1;');
  await waitForLines(page, ['ERROR 2013 (HY000): Lost connection to MySQL server during query']);
  const button = page.locator('#start-mysqld-button');
  await button.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.body.dataset.busy === 'false' && !document.querySelector('#start-mysqld-button'),
    undefined,
    { timeout: TIMEOUT_MS },
  );
  await type(page, 'SELECT 40+2;');
  await waitForLines(page, ['No connection. Trying to reconnect...', '|   42 |']);
  await context.close();
});

test("the client's own commands: help, status, use without a delimiter; errors set apart", async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  await type(page, 'help');
  await waitForLines(page, ['List of all MySQL commands:', "status    (\\s) Get status information from the server."]);
  await type(page, 'use shop');
  await waitForLines(page, ['Database changed']);
  await type(page, '\\s');
  await waitForLines(page, ['Current database:\tshop', 'Server version:\t\t9.7.2 MySQL Community Server - GPL']);
  assert.equal((await page.textContent('label[for=console-input]')).trim().endsWith('mysql>'), true,
    'no statement is left open');
  await type(page, 'SHOW TABLES;');
  assert.match(await transcript(page), /\| Tables_in_shop +\|/, 'use shop took effect');
  assert.doesNotMatch(await transcript(page), /ERROR 1064/, 'the statement after them is not a syntax error');
  await type(page, 'SELEC 1;');
  const error = await page.textContent('#transcript .out-error');
  assert.match(error, /^ERROR 1064 \(42000\): You have an error in your SQL syntax/);
  assert.equal(await page.$$eval('#transcript .out-error', (e) => e.length), 1, 'only the error line is set apart');
  await context.close();
});

test('the console session survives Lessons and back, Back, and a reload; New session starts afresh', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  await page.fill('#seed-input', '7');
  await page.press('#seed-input', 'Tab');
  await waitForFreshConsole(page);
  await type(page, 'SET GLOBAL max_connections = 300;');
  await type(page, 'SELECT @@max_connections;');
  await waitForLines(page, ['|               300 |']);
  const before = await transcript(page);

  const restored = async (how) => {
    await page.waitForSelector('#transcript');
    await page.waitForSelector('body[data-ready="true"]');
    await waitForLines(page, ['|               300 |']);
    assert.equal(await transcript(page), before, `${how}: the same transcript`);
    assert.equal(await page.inputValue('#seed-input'), '7', `${how}: the same seed`);
    assert.match(await page.textContent('#message'), /session was restored/, `${how}: a notice says so`);
  };
  await page.click('nav a[href="#lessons"]');
  await page.waitForSelector('#lesson-index');
  await page.click('nav a[href="#"]');
  await restored('Lessons, then Console');
  await page.click('nav a[href="#lessons"]');
  await page.waitForSelector('#lesson-index');
  await page.goBack();
  await restored('Back');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await restored('reload');

  await page.click('#new-session-button');
  await waitForFreshConsole(page);
  assert.equal(await page.inputValue('#seed-input'), '42', 'New session starts from the defaults');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitForFreshConsole(page);
  assert.equal(await page.$('#message'), null, 'nothing to restore after New session');
  await context.close();
});

test('a corrupt or outdated saved session is discarded with a notice', async () => {
  for (const entry of ['{not json', '{"session":"x9.future","url_fragment":""}']) {
    const context = await newContext();
    await context.addInitScript((entry) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('tunelab.console.v1', entry);
        sessionStorage.setItem('seeded', '1');
      }
    }, entry);
    const { page } = await openConsole(context, BASE_URL);
    assert.match(await page.textContent('#message'), /could not be restored .* discarded/, entry);
    assert.equal(await transcript(page), '', 'a fresh console');
    assert.equal(await page.evaluate(() => localStorage.getItem('tunelab.console.v1')?.includes('x9.')), false);
    await type(page, SESSION[0].sql);
    await waitForLines(page, SESSION[0].lines);
    await context.close();
  }
});

test('layouts: a phone (390x844) has no sideways scroll, a projector (1280x720) shows the input', async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  for (const [width, height] of [[390, 844], [1280, 720]]) {
    const context = await browser.newContext({ viewport: { width, height } });
    context.setDefaultTimeout(TIMEOUT_MS);
    const { page } = await openConsole(context, BASE_URL);
    await type(page, 'SHOW VARIABLES LIKE \'innodb_buffer_pool_size\';');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width}px: the page is no wider than the screen (${scroll})`);
    const input = await page.$eval('#console-input', (e) => e.getBoundingClientRect().bottom);
    if (width === 1280) assert.ok(input <= height, `the input is above the fold (${Math.round(input)})`);
    await page.screenshot({ path: join(ARTIFACTS, `console-${width}x${height}.png`) });
    await context.close();
  }
});

const LONG_SLAP = '\\! mysqlslap --concurrency=200 --iterations=200 --query="SELECT COUNT(*) FROM shop.page_views"';

test('a long statement is echoed at once, and Ctrl+C interrupts it within a second; the session lives on', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  await type(page, 'SELECT 40+2;');
  const input = page.locator('#console-input');
  await input.fill(LONG_SLAP);
  const sent = Date.now();
  await input.press('Enter');
  await waitForLines(page, [`mysql> ${LONG_SLAP}`]);
  console.log(`long statement echoed after ${Date.now() - sent} ms`);
  await page.waitForSelector('#stop-button');
  await page.waitForTimeout(500);
  const pressed = Date.now();
  await input.press('Control+C');
  await waitForLines(page, ['^C -- query aborted', 'ERROR 1317 (70100): Query execution was interrupted']);
  const interruptMs = Date.now() - pressed;
  console.log(`Ctrl+C answered after ${interruptMs} ms`);
  assert.ok(interruptMs <= 1000, `interrupted within a second (${interruptMs} ms)`);
  assert.match(await transcript(page), /\^C\^C -- sending "KILL QUERY \d+" to server \.\.\.\n/);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.busy === 'false');
  console.log(`session restored after ${Date.now() - pressed} ms`);
  await type(page, 'SELECT @@max_connections;');
  await waitForLines(page, ['|               151 |']);
  assert.equal((await transcript(page)).match(/\|\s+42 \|/g)?.length, 1, 'the restored session is not printed twice');
  await page.click('#share-button');
  await page.waitForFunction(() => document.querySelector('#share-link').value.includes('#x1.'));
  await context.close();
});

test('a share link holding a long mysqlslap run shows its first echoed line at once', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tunelab-'));
  const file = join(dir, 'long.toml');
  await writeFile(file, `seed = 42\n\n[[steps]]\nsql = '''\nSELECT 1;\n${LONG_SLAP}\n'''\n`);
  const link = execFileSync(CLI, ['link', file, '--base', BASE_URL], { encoding: 'utf8' }).trim();
  const context = await newContext();
  const page = await context.newPage();
  harness.watch(page, 'long share link');
  const opened = Date.now();
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(
    (line) => document.querySelector('#transcript')?.textContent.split('\n').includes(line),
    `mysql> ${LONG_SLAP}`,
    { timeout: TIMEOUT_MS },
  );
  const echoMs = Date.now() - opened;
  console.log(`share link with a long mysqlslap: first echoed line of it after ${echoMs} ms`);
  assert.ok(echoMs < 10_000, `the newcomer sees the session start (${echoMs} ms)`);
  await page.click('#reset-button');
  await waitForFreshConsole(page);
  await context.close();
});

test('Tab completes variable and table names from the live server', async () => {
  const context = await newContext();
  const { page } = await openConsole(context, BASE_URL);
  const input = page.locator('#console-input');
  const tab = async (typed, want) => {
    await input.fill(typed);
    await input.press('Tab');
    await page.waitForFunction((want) => document.querySelector('#console-input').value === want, want);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'console-input', 'Tab stays in the input');
  };
  await tab('SELECT @@innodb_buffer_pool_s', 'SELECT @@innodb_buffer_pool_size ');
  await tab('SELECT COUNT(*) FROM shop.page_v', 'SELECT COUNT(*) FROM shop.page_views ');
  // An ambiguous word lists what it may become.
  await input.fill('SHOW VARIABLES LIKE innodb_buffer_pool_dump_');
  await input.press('Tab');
  await page.waitForSelector('#completions');
  assert.match(await page.textContent('#completions'), /innodb_buffer_pool_dump_at_shutdown/);
  // With nothing to complete, Tab moves the focus on as everywhere.
  await input.fill('');
  await input.press('Tab');
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'console-input');
  await context.close();
});

// End-to-end tests of the slow log page (#digest) in headless Chromium, against dist/ served at
// TUNELAB_URL. A real slow log from tests/digest/ is opened with the file input (and another
// by drag and drop); the profile table's rows must equal what the release CLI prints for the
// same file and options (`target/release/tunelab digest --report-format=profile`, run here, so
// the expected figures are never typed in), each row's link opens the class's report, which
// must be the CLI's `query_report` text for that class; the options re-rank; bad files (binary,
// empty, not a log, too large) get a message and the page goes on; no network request is made
// once a file is chosen; axe-core finds nothing, light and dark; a phone (390x844) and a
// projector (1280x720) fit; the navigation and lesson 6's explanation link to it. Screenshots go to tests/e2e/artifacts/digest-*.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, BASE_URL, TIMEOUT_MS, assertAccessible } from './harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = join(HERE, 'artifacts');
const CLI = join(HERE, '..', '..', 'target', 'release', 'tunelab');
const LOGS = join(HERE, '..', 'digest');
// A MySQL 9.7-format log of the chapter's shop load (tests/oracles/make_mysql97_log.py),
// which the oracle test also ranks with the real pt-query-digest; and a Percona Server log.
const MYSQL_LOG = join(LOGS, 'mysql97-slow.log');
const PERCONA_LOG = join(LOGS, 'percona-slow.log');

let harness;

before(async () => {
  harness = await launch();
  await mkdir(ARTIFACTS, { recursive: true });
});

after(async () => {
  await harness?.finish();
});

/** What `tunelab digest ARGS FILE...` prints (`file`: one path or several). */
function cli(args, file) {
  return execFileSync(CLI, ['digest', ...args, ...[].concat(file)], { encoding: 'utf8' });
}

/** The profile's rows as the CLI prints them: [rank, id, time, share, calls, r/call, v/m]. */
function cliProfile(args, file) {
  const out = cli(['--report-format=profile', ...args], file);
  const rows = out.split('\n')
    .filter((l) => /^# +(\d+|MISC) /.test(l))
    .map((l) => l.slice(2).trim().split(/\s+/).slice(0, 7));
  assert.ok(rows.length > 0, `the CLI printed a profile:\n${out}`);
  return rows;
}

/** Each class's report in the CLI's query_report, by rank. */
function cliReports(args, file) {
  const out = cli(['--report-format=query_report', ...args], file);
  const reports = new Map();
  for (const part of out.split(/\n(?=# Query \d+: )/)) {
    const m = /^\n?# Query (\d+): /.exec(part);
    if (m) reports.set(m[1], part.replace(/^\n/, '').replace(/\n?$/, '\n'));
  }
  return reports;
}

/** The page's profile table: [rank, id, time, share, calls, r/call, v/m] per row. */
function pageProfile(page) {
  return page.$$eval('#digest-table tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent)));
}

/** Asserts that the page's rows are the CLI's: the same ranks, Query IDs (the 3.2.1 layout
 * may shorten one; it is then a prefix of the page's), times, shares, calls, R/Call and V/M. */
function assertSameProfile(shown, printed, label) {
  assert.equal(shown.length, printed.length, `${label}: as many rows as the CLI (${JSON.stringify(printed)})`);
  shown.forEach((row, i) => {
    const want = printed[i];
    const id = want[1].replace(/\.+$/, '');
    assert.ok(row[1].startsWith(id) && row[1].length >= id.length, `${label}: row ${i + 1}'s Query ID ${row[1]} is the CLI's ${want[1]}`);
    assert.deepEqual([row[0], ...row.slice(2)], [want[0], ...want.slice(2)], `${label}: row ${i + 1} equals the CLI's`);
  });
}

async function openDigest(viewport = { width: 1280, height: 720 }, hash = '#digest') {
  const context = await harness.browser.newContext({ viewport });
  context.setDefaultTimeout(TIMEOUT_MS);
  const page = await context.newPage();
  harness.watch(page, `digest ${viewport.width}x${viewport.height}`);
  await page.goto(`${BASE_URL}${hash}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-digest="empty"]');
  // The worker's scripts load when the page opens; after that the page needs the network no more.
  await page.waitForLoadState('networkidle');
  // Chromium fetches the tab's icon again on each change of the fragment; that request is
  // the browser's own and carries nothing. Any other request, or any with a body, is listed.
  const requests = [];
  context.on('request', (r) => {
    if (r.method() === 'GET' && !r.postData() && /\/favicon[^/]*\.svg$/.test(new URL(r.url()).pathname)) return;
    requests.push(`${r.method()} ${r.url()}`);
  });
  return { context, page, requests };
}

/** Waits until the page has ranked (or refused) what it was given. */
async function settled(page, flag = 'ranked') {
  await page.waitForSelector(`body[data-digest="${flag}"]`, { timeout: 60_000 });
}

test('a real slow log opened from disk: the profile equals the CLI\'s, rows link to class reports, options re-rank, no network request', async () => {
  const { context, page, requests } = await openDigest();
  assert.match(await page.textContent('#digest-privacy'), /never uploaded/);
  const started = Date.now();
  await page.setInputFiles('#digest-file', MYSQL_LOG);
  await settled(page);
  console.log(`digest: ${MYSQL_LOG.split('/').pop()} ranked in ${Date.now() - started} ms`);
  assertSameProfile(await pageProfile(page), cliProfile([], MYSQL_LOG), 'default options');
  assert.match(await page.textContent('#digest-status'), /mysql97-slow\.log \(\d+ KiB\): \d+ events in \d+ classes\./);
  await page.screenshot({ path: join(ARTIFACTS, 'digest-1280x720.png') });
  await page.screenshot({ path: join(ARTIFACTS, 'digest-profile-full.png'), fullPage: true });
  await assertAccessible(page, 'the slow log page with a profile');

  // The first row's link opens that class's report: the CLI's own text for rank 1.
  const reports = cliReports([], MYSQL_LOG);
  const first = page.locator('#digest-table tbody tr').first().locator('a');
  const id = await first.textContent();
  await first.click();
  await page.waitForSelector('#digest-report');
  assert.equal(await page.evaluate(() => location.hash), `#digest/${id}`);
  assert.equal(await page.textContent('#digest-report'), reports.get('1'));
  assert.match(await page.textContent('#digest-report'), new RegExp(`ID ${id} at byte \\d+`));
  const sample = await page.textContent('#digest-sample');
  assert.ok(reports.get('1').includes(`${sample}\\G\n`), `the sample is the report's: ${sample}`);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'digest-class-title', 'the focus moves to the report');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(ARTIFACTS, 'digest-class-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await assertAccessible(page, 'a class report');
  // Back to the profile, with the ranking kept and the focus on the row's link.
  await page.click('#digest-back');
  await page.waitForSelector('#digest-table');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), id);

  // --limit and --order-by re-rank, as the CLI does with the same options.
  await page.fill('#digest-limit', '3');
  await page.press('#digest-limit', 'Enter');
  await page.waitForSelector('#digest-command:has-text("--limit=3 ")');
  await settled(page);
  assertSameProfile(await pageProfile(page), cliProfile(['--limit=3'], MYSQL_LOG), '--limit=3');
  assert.equal(await page.textContent('#digest-command'), 'pt-query-digest --limit=3 --type=slowlog FILE');
  await page.selectOption('#digest-order', 'Query_time:cnt');
  await page.waitForSelector('#digest-command:has-text("--order-by=Query_time:cnt")');
  await settled(page);
  assertSameProfile(await pageProfile(page), cliProfile(['--limit=3', '--order-by=Query_time:cnt'], MYSQL_LOG), '--order-by=Query_time:cnt');
  const reportsByCount = cliReports(['--limit=3', '--order-by=Query_time:cnt'], MYSQL_LOG);
  await page.locator('#digest-table tbody tr[data-rank="2"] a').click();
  await page.waitForSelector('#digest-report');
  assert.equal(await page.textContent('#digest-report'), reportsByCount.get('2'));
  await page.goBack();
  await page.waitForSelector('#digest-table');

  assert.deepEqual(requests, [], 'no network request once the page was open: the file was never sent anywhere');
  await context.close();
});

test('drag and drop, bad files get a message, the page goes on', async () => {
  const { context, page, requests } = await openDigest();
  const drop = async (name, bytes) => {
    const data = await page.evaluateHandle(({ name, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'text/plain' }));
      return transfer;
    }, { name, bytes: [...bytes] });
    await page.dispatchEvent('.dropzone', 'dragover', { dataTransfer: data });
    await page.dispatchEvent('.dropzone', 'drop', { dataTransfer: data });
  };
  await drop('percona-slow.log', await readFile(PERCONA_LOG));
  await settled(page);
  assertSameProfile(await pageProfile(page), cliProfile([], PERCONA_LOG), 'a dropped Percona Server log');

  const bad = [
    ['core.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0]), /core\.bin is not a text file \(it holds binary data\)/],
    ['empty.log', Buffer.alloc(0), /empty\.log is empty: there is nothing to rank\./],
    ['notes.txt', Buffer.from('Shopping list\n- milk\n- bread\n'), /notes\.txt is not a slow query log: it has no # Query_time: lines/],
  ];
  for (const [name, buffer, message] of bad) {
    await page.setInputFiles('#digest-file', { name, mimeType: 'application/octet-stream', buffer });
    await settled(page, 'failed');
    assert.match(await page.textContent('#digest-error'), message);
    assert.equal(await page.$('#digest-table'), null, `${name}: no table is left from the earlier file`);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'digest-bad-file.png') });
  await assertAccessible(page, 'the slow log page with an error');
  // A general log is recognised and the learner is told to choose --type genlog; then it ranks.
  const general = join(LOGS, 'small-general.log');
  await page.setInputFiles('#digest-file', general);
  await settled(page, 'failed');
  assert.match(await page.textContent('#digest-error'), /choose --type genlog/);
  await page.selectOption('#digest-type', 'genlog');
  await settled(page);
  assertSameProfile(await pageProfile(page), cliProfile(['--type=genlog'], general), '--type genlog');
  // Too large: refused by its size before it is read.
  await page.setInputFiles('#digest-file', { name: 'huge.log', mimeType: 'text/plain', buffer: Buffer.alloc(33 * 1024 * 1024, 0x23) });
  await settled(page, 'failed');
  assert.match(await page.textContent('#digest-error'), /huge\.log is 33\.0 MiB; the page takes logs up to 32 MiB/);
  // And a good slow log after all that.
  await page.selectOption('#digest-type', 'slowlog');
  await page.setInputFiles('#digest-file', MYSQL_LOG);
  await settled(page);
  assert.equal((await pageProfile(page))[0][0], '1');
  // Two files chosen at once rank as one log, as `tunelab digest A B` (and pt-query-digest)
  // rank them.
  const both = [MYSQL_LOG, PERCONA_LOG];
  await page.setInputFiles('#digest-file', both);
  await page.waitForFunction(() => /^mysql97-slow\.log, percona-slow\.log \(\d+ KiB\): \d+ events in \d+ classes\.$/.test(document.querySelector('#digest-status')?.textContent ?? ''));
  assertSameProfile(await pageProfile(page), cliProfile([], both), 'two files ranked together');
  assert.deepEqual(requests, [], 'no network request once the page was open');
  await context.close();
});

test('the page is reached from the navigation and from a link to a class; a phone and a projector fit', async () => {
  // From the console's navigation.
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 720 } });
  context.setDefaultTimeout(TIMEOUT_MS);
  const page = await context.newPage();
  harness.watch(page, 'digest navigation');
  await page.goto(BASE_URL, { waitUntil: 'domcontentloaded' });
  await page.click('nav.topnav a[href="#digest"]');
  await page.waitForSelector('body[data-digest="empty"]');
  assert.equal(await page.getAttribute('nav.topnav a[href="#digest"]', 'aria-current'), 'page');
  // From lesson 6's explanation, once it has run.
  await page.goto(`${BASE_URL}#lesson/slow-log`);
  await page.check('input[name="prediction"][value="scans"]');
  await page.click('#commit-button');
  await page.click('#run-button');
  await page.waitForSelector('#verdict', { timeout: 180_000 });
  await page.click('.prose a[href="#digest"]');
  await page.waitForSelector('body[data-digest="empty"]');
  // A class link with no log opened says so, with a way back.
  await page.goto(`${BASE_URL}#digest/0x0123456789ABCDEF`);
  await page.waitForSelector('#digest-class .notice');
  assert.match(await page.textContent('#digest-class'), /not in the ranking the page holds now/);
  await assertAccessible(page, 'a class link with no log');
  await context.close();

  for (const [width, height] of [[390, 844], [1280, 720]]) {
    const { context, page } = await openDigest({ width, height });
    await page.setInputFiles('#digest-file', MYSQL_LOG);
    await settled(page);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width}px: the page is no wider than the screen (${scroll})`);
    if (width === 390) await assertAccessible(page, 'the profile on a phone');
    await page.screenshot({ path: join(ARTIFACTS, `digest-layout-${width}x${height}.png`), fullPage: width === 390 });
    await page.locator('#digest-table tbody tr').first().locator('a').click();
    await page.waitForSelector('#digest-report');
    const after = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(after <= width, `${width}px: a class report is no wider than the screen (${after})`);
    await page.screenshot({ path: join(ARTIFACTS, `digest-class-${width}x${height}.png`) });
    await context.close();
  }
});

/**
 * The operator panel's first screen, timed: `npx tsx bench/panel.ts [visits]` (after `npm run
 * build`; needs Chromium at /usr/bin/chromium or AISLE_CHROMIUM). Starts the built `aisle start
 * --demo` on free ports and headless Chromium, opens the panel once to start the browser's
 * renderer (a merchandiser's browser is running already), then makes `visits` first visits, each in
 * a new browser context so nothing is cached. Each visit's interactive time is from navigation
 * start to the panel's first render (`performance.mark('aisle-panel-interactive')`), when the key
 * field takes typing. Prints a markdown table for docs/BENCHMARKS.md.
 *
 * The browser test (test/browser/panel.test.ts) asserts the budget on what a busy machine does not
 * change (the script's bytes, the requests, the renderer's CPU time); the wall time is measured here.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PANEL_DIR } from '../src/control/panel.js';
import { launchBrowser } from '../test/support/browser.js';
import { parseBanner, runCli } from '../test/support/cli.js';

interface Visit {
  interactiveMs: number;
  mainThreadMs: number;
  scripts: string[];
}

const visits = Number(process.argv[2] ?? 15);
const dataDir = await mkdtemp(join(tmpdir(), 'aisle-bench-panel-'));
const cli = runCli(['start', '--demo'], {
  AISLE_PUBLIC_PORT: '0',
  AISLE_INTERNAL_PORT: '0',
  AISLE_MANAGEMENT_PORT: '0',
  AISLE_DATA_DIR: dataDir,
  SEARCH_MANAGEMENT_KEY: 'bench-management-key',
});
const browser = await launchBrowser();
try {
  const output = await cli.waitForOutput(/aisle is ready\./);
  const panel = `${parseBanner(output).management?.replace(/\/api\/v1$/, '')}/`;
  await firstVisit(panel);
  const measured: Visit[] = [];
  for (let visit = 0; visit < visits; visit++) measured.push(await firstVisit(panel));
  const scripts = measured[0]?.scripts ?? [];
  let gzipped = 0;
  for (const script of scripts)
    gzipped += gzipSync(await readFile(join(PANEL_DIR, 'assets', basename(new URL(script).pathname)))).length;
  const interactive = measured.map((visit) => visit.interactiveMs).sort((a, b) => a - b);
  const thread = measured.map((visit) => visit.mainThreadMs).sort((a, b) => a - b);
  console.log(
    `Load average at the end: ${(await readFile('/proc/loadavg', 'utf8')).split(' ', 3).join(' ')}\n`,
  );
  console.log('| figure | median | fastest | slowest |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(
    `| interactive, ${visits} first visits | ${ms(median(interactive))} | ${ms(interactive[0])} | ${ms(interactive.at(-1))} |`,
  );
  console.log(
    `| renderer main thread's CPU | ${ms(median(thread))} | ${ms(thread[0])} | ${ms(thread.at(-1))} |`,
  );
  console.log(
    `\nScript before interactive: ${scripts.length} files, ${(gzipped / 1000).toFixed(1)} kB gzipped.`,
  );
} finally {
  await browser.close();
  await cli.stop();
  await rm(dataDir, { recursive: true, force: true });
}

async function firstVisit(panel: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Performance.enable');
    await page.goto(panel);
    await page.waitForFunction(() => performance.getEntriesByName('aisle-panel-interactive').length > 0);
    const { interactiveMs, scripts } = await page.evaluate(() => {
      const mark = performance.getEntriesByName('aisle-panel-interactive')[0]?.startTime ?? Number.NaN;
      return {
        interactiveMs: mark,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < mark && entry.name.endsWith('.js'))
          .map((entry) => entry.name),
      };
    });
    const { metrics } = await devtools.send('Performance.getMetrics');
    const mainThreadMs = (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
    return { interactiveMs, mainThreadMs, scripts };
  } finally {
    await context.close();
  }
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ms(value: number | undefined): string {
  return `${Math.round(value ?? Number.NaN).toLocaleString('en')} ms`;
}

/**
 * `npm run bench:web` (builds first): how fast the web app gets a person from the sign-in click
 * to a drawn chart, and how much JavaScript that costs.
 *
 * Starts the built server as `npm start` does (embedded database and broker, the demo with its
 * default day of history) on free ports in a fresh data directory, waits until the demo's
 * gateways have sent that history (every device has reported within the last minute: until
 * then the server is busy storing it and the charts are empty), then in Debian's Chromium,
 * 10 times, each in a new browser context (an empty cache: a cold load):
 *  - opens /login, waits for the page, and counts the JavaScript it loaded;
 *  - types the owner's login, clicks Sign in, and times until the dashboard's first chart is
 *    drawn (the app's `vigil:first-chart-drawn` performance mark), counting the JavaScript the
 *    dashboard added.
 * JavaScript is counted as the gzip files the build writes (what a gzip-only browser is sent;
 * Chromium is sent the smaller brotli ones, also reported).
 *
 * The ceiling, in the same run: a bare page (same origin, no framework) that does the requests
 * the chart needs (sign in, the person's devices, the first device's hour of readings) and draws
 * them with uPlot (marked, as in the app, once a chart with points is drawn): the floor of "sign
 * in and draw a chart" on this machine. The app's median is printed against it as a ratio.
 * Targets (issue 19): chart under 1.5 s, sign-in JS under 250 kB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeResults } from './results-file.js';
import { serverNodeFlags } from './server-node-flags.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 10);
const targets = { chartMs: 1500, signInJsKb: 250 };
const owner = { email: 'owner@demo.vigil.test', password: 'vigil-demo' };
const firstChartMark = 'vigil:first-chart-drawn';

async function startServer(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, join(root, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        MQTT_PORT: '0',
        DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Vigil is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`server exited (${String(code)}):\n${output}`));
    });
  });
  return { child, baseUrl };
}

/**
 * The demo's gateways send their day of history after start-up (tens of seconds, longer on a busy
 * machine): until every device has reported within the last minute, the server is storing it and
 * the last hour has no readings to draw.
 */
async function demoCaughtUp(baseUrl: string, timeoutMs = 600_000): Promise<number> {
  const started = Date.now();
  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.url}: ${String(response.status)}`);
    return (await response.json()) as { data: unknown };
  };
  const session = (
    await fetch(`${baseUrl}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    }).then(json)
  ).data as { jwt: string; userId: string };
  const headers = { authorization: `Bearer ${session.jwt}` };
  for (;;) {
    const { list } = (
      await fetch(`${baseUrl}/api/device/${session.userId}/?page=1&pageSize=1000`, {
        headers,
      }).then(json)
    ).data as { list: { lastSeenAt: string | null }[] };
    const recent = Date.now() - 60_000;
    const caughtUp = list.every(
      (device) => device.lastSeenAt !== null && Date.parse(device.lastSeenAt) > recent,
    );
    if (list.length > 0 && caughtUp) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error('the demo did not send its history');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A built file's size as sent: its compressed twin, or itself when too small to compress. */
const sentSize = (path: string, extension: string) =>
  stat(join(distDir, `${path}${extension}`)).then(
    (file) => file.size,
    () => stat(join(distDir, path)).then((file) => file.size),
  );

/** The gzip and brotli sizes of built files, by URL path (/assets/x.js). */
async function sizesOf(paths: Iterable<string>) {
  let gzip = 0;
  let brotli = 0;
  for (const path of paths) {
    gzip += await sentSize(path, '.gz');
    brotli += await sentSize(path, '.br');
  }
  return { gzipKb: gzip / 1024, brotliKb: brotli / 1024 };
}

function collectScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  return scripts;
}

async function appRun(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const scripts = collectScripts(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  const signInScripts = new Set(scripts);
  scripts.clear();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel(/^Password/).fill(owner.password);
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    firstChartMark,
    {
      timeout: 60_000,
    },
  );
  const drawnAt = await page.evaluate(
    (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN,
    firstChartMark,
  );
  await page.waitForLoadState('networkidle');
  const dashboardScripts = new Set([...signInScripts, ...scripts]);
  await context.close();
  return { chartMs: drawnAt - clickedAt, signInScripts, dashboardScripts };
}

/** The ceiling's page: plain fetches and uPlot, nothing else. */
function barePage(uplotScript: string, uplotCss: string): string {
  return `<!doctype html><html><head><style>${uplotCss}</style><script>${uplotScript}</script></head>
<body><button id="go">Sign in</button><div id="chart"></div><script>
const json = (response) => response.json();
document.getElementById('go').addEventListener('click', async () => {
  const session = (await fetch('/api/auth', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify(${JSON.stringify(owner)}) }).then(json)).data;
  const auth = { authorization: 'Bearer ' + session.jwt };
  const me = (await fetch('/api/user/metadata', { headers: auth }).then(json)).data;
  const devices = (await fetch('/api/device/' + me.id + '/?page=1&pageSize=1000', { headers: auth }).then(json)).data.list;
  const to = new Date(), from = new Date(to.getTime() - 3600e3);
  const graph = (await fetch('/api/device/' + devices[0].id + '/graph?timeValue=1&from=' + from.toISOString() + '&to=' + to.toISOString(), { headers: auth }).then(json)).data;
  const xs = graph.points.map((p) => Date.parse(p.ts) / 1000), ys = graph.points.map((p) => p.t ?? p.thermo ?? null);
  new uPlot({ width: 1000, height: 400, series: [{}, { stroke: 'blue' }],
    hooks: { draw: [(plot) => { if (plot.data[0].length > 0) performance.mark('${firstChartMark}'); }] } },
    [xs, ys], document.getElementById('chart'));
});
</script></body></html>`;
}

async function bareRun(browser: Browser, baseUrl: string, html: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  // Same origin as the API, so no CORS; served by the browser itself, not the server.
  await page.route('**/bench-bare.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto('/bench-bare.html');
  const clickedAt = await page.evaluate(() => performance.now());
  await page.click('#go');
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    firstChartMark,
  );
  const drawnAt = await page.evaluate(
    (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN,
    firstChartMark,
  );
  await context.close();
  return drawnAt - clickedAt;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-web-'));
  const { child, baseUrl } = await startServer(dataDir);
  const waitedMs = await demoCaughtUp(baseUrl);
  process.stdout.write(
    `the demo's history was in after ${String(Math.round(waitedMs / 1000))} s\n`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const uplot = join(root, 'node_modules/uplot/dist');
    const html = barePage(
      await readFile(join(uplot, 'uPlot.iife.min.js'), 'utf8'),
      await readFile(join(uplot, 'uPlot.min.css'), 'utf8'),
    );
    const app: Awaited<ReturnType<typeof appRun>>[] = [];
    const bare: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      app.push(await appRun(browser, baseUrl));
      bare.push(await bareRun(browser, baseUrl, html));
      process.stdout.write(
        `run ${String(run + 1)}: app ${round(app.at(-1)?.chartMs ?? 0, 0)} ms, bare ${round(bare.at(-1) ?? 0, 0)} ms\n`,
      );
    }
    const first = app[0];
    if (!first) throw new Error('no run');
    const signIn = await sizesOf(first.signInScripts);
    const dashboard = await sizesOf(first.dashboardScripts);
    const chartMs = median(app.map((entry) => entry.chartMs));
    const bareMs = median(bare);
    const results = {
      runs,
      chart: {
        medianMs: round(chartMs, 0),
        targetMs: targets.chartMs,
        runsMs: app.map((entry) => round(entry.chartMs, 0)),
      },
      ceiling: {
        medianMs: round(bareMs, 0),
        runsMs: bare.map((ms) => round(ms, 0)),
        ratio: round(chartMs / bareMs, 2),
      },
      signInJs: {
        files: first.signInScripts.size,
        gzipKb: round(signIn.gzipKb),
        brotliKb: round(signIn.brotliKb),
        targetKb: targets.signInJsKb,
      },
      dashboardJs: {
        files: first.dashboardScripts.size,
        gzipKb: round(dashboard.gzipKb),
        brotliKb: round(dashboard.brotliKb),
      },
    };
    process.stdout.write(
      [
        `sign-in click -> first chart: median ${String(results.chart.medianMs)} ms of ${String(runs)} cold runs (target < ${String(targets.chartMs)} ms)`,
        `ceiling (bare fetch + uPlot): median ${String(results.ceiling.medianMs)} ms; app / ceiling = ${String(results.ceiling.ratio)}`,
        `sign-in page JS: ${String(results.signInJs.files)} files, ${String(results.signInJs.gzipKb)} kB gzip (${String(results.signInJs.brotliKb)} kB brotli; target < ${String(targets.signInJsKb)} kB gzip)`,
        `dashboard JS (with sign-in's): ${String(results.dashboardJs.files)} files, ${String(results.dashboardJs.gzipKb)} kB gzip (${String(results.dashboardJs.brotliKb)} kB brotli)`,
        '',
      ].join('\n'),
    );
    await writeResults('web', results);
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

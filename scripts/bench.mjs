// `npm run bench`: measures the built shop on this machine and writes bench/results.md.
// - SSR throughput and p99 latency at 20 connections for the home and a product page, side by side
//   with the same HTML served as a static file by the same server;
// - placing an order (the CMS's POST /orders) with 20 customers at once;
// - first-load JavaScript (gzip) per page;
// - Lighthouse (mobile) scores with the system Chromium.
// A benchmark, not a test: it reports numbers against targets and never fails on them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  ensureBuilt,
  freePort,
  ROOT,
  startCms,
  startStorefront,
  stopProcess,
  STOREFRONT_DIR,
  waitForHttp,
} from "./lib/processes.mjs";
import { orderCreationLoad } from "./lib/order-load.mjs";

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { lighthousePerformance: 95, firstLoadJsKb: 100, cachedSsrShare: 0.5 };

await ensureBuilt();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
const snapshotDir = path.join(STOREFRONT_DIR, "build/client/__bench");
const [cmsPort, storefrontPort] = [await freePort(), await freePort()];
const cmsUrl = `http://127.0.0.1:${cmsPort}`;
const base = `http://127.0.0.1:${storefrontPort}`;
const cms = startCms({
  port: cmsPort,
  logFile: path.join(workDir, "cms.log"),
  env: {
    DATABASE_URL: "",
    DATABASE_FILENAME: path.join(workDir, "shop.db"),
    PUBLIC_DIR: path.join(workDir, "public"),
    MAIL_OUTBOX_DIR: path.join(workDir, "outbox"),
    // The order benchmark registers 20 customers from one address, over the hourly allowance.
    USERS_PERMISSIONS_RATELIMIT: "false",
  },
});
let storefront;

try {
  await waitForHttp(`${cmsUrl}/health`, { child: cms, timeoutMs: 180_000 });
  storefront = startStorefront({
    port: storefrontPort,
    logFile: path.join(workDir, "storefront.log"),
    // No background picture conversion competing with the measured requests.
    env: {
      CMS_URL: cmsUrl,
      SITE_URL: base,
      IMAGE_PREGENERATE: "false",
      IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
    },
  });
  await waitForHttp(`${base}/healthz`, { child: storefront, timeoutMs: 60_000 });

  const productPath = await firstProductPath();
  const pages = [
    ["home", "/"],
    ["boxes", "/nuestras-cajas"],
    ["product", productPath],
  ];

  // Static copies of the same HTML, served by the same Express server (express.static).
  fs.mkdirSync(snapshotDir, { recursive: true });
  for (const [name, pagePath] of pages) {
    fs.writeFileSync(path.join(snapshotDir, `${name}.html`), await (await fetch(base + pagePath)).text());
  }

  const throughput = [];
  for (const [name, pagePath] of pages.filter(([name]) => name !== "boxes")) {
    const ssr = await load(base + pagePath);
    const stat = await load(`${base}/__bench/${name}.html`);
    throughput.push({ name, pagePath, ssr, stat });
  }

  // Signed-in visitors skip the page cache; their session is cached briefly instead of asking the
  // CMS on every navigation (apps/storefront/app/session.server.ts).
  const cookie = await signedInCookie();
  const homeSignedOut = throughput.find(({ name }) => name === "home")?.ssr;
  const signedIn = [
    { name: "home", signedOut: homeSignedOut, signedIn: await load(base + "/", { cookie }) },
    { name: "account", signedOut: null, signedIn: await load(base + "/mi-cuenta", { cookie }) },
    { name: "profile", signedOut: null, signedIn: await load(base + "/mi-cuenta/perfil", { cookie }) },
  ];

  const orders = await orderCreationLoad(`${cmsUrl}/api`, { concurrent: CONNECTIONS, durationS: DURATION_S });

  const newOrder = ["new order", "/nuevo-pedido"];
  const javascript = [];
  // The sign-in page too: the first page of every customer's session, on a phone.
  for (const [name, pagePath] of [...pages, ["login", "/iniciar-sesion"], newOrder]) {
    javascript.push({ name, kb: await firstLoadJsKb(base + pagePath) });
  }

  const scores = [];
  // Lighthouse varies from run to run on a small machine: report the median of several runs.
  for (const [name, pagePath] of [...pages, newOrder]) {
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouseScores(base + pagePath));
    scores.push({ name, ...medianScores(runs) });
  }

  const report = render({ throughput, signedIn, orders, javascript, scores });
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/results.md"), report);
  console.log(report);
} finally {
  fs.rmSync(snapshotDir, { recursive: true, force: true });
  await Promise.all([stopProcess(storefront), stopProcess(cms)]);
  fs.rmSync(workDir, { recursive: true, force: true });
}

async function firstProductPath() {
  const response = await fetch(`${base}/api/products?isActive=all`);
  const body = await response.json();
  const list = Array.isArray(body) ? body : (body.data ?? []);
  const box = list.find((product) => product.type === "box" && product.isActive && product.slug_es);
  if (!box) throw new Error("The seeded catalogue has no active box with a Spanish slug");
  return `/productos/${encodeURIComponent(box.slug_es)}`;
}

/** A customer registered for the run, as the session cookie the storefront reads. */
async function signedInCookie() {
  const id = Date.now().toString(36);
  const response = await fetch(`${cmsUrl}/api/auth/local/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `bench-${id}@example.test`, password: `Bench-${id}-pass` }),
  });
  if (!response.ok) throw new Error(`Could not register the benchmark's customer: ${response.status}`);
  const { jwt } = await response.json();
  return `shop_session=${jwt}`;
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "gzip", ...headers } },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0) return reject(new Error(`${url}: ${result.non2xx} answers were not 2xx`));
        resolve({ rps: result.requests.average, p99: result.latency.p99 });
      },
    );
  });
}

async function firstLoadJsKb(url) {
  const html = await (await fetch(url)).text();
  const sources = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/import\("([^"]+\.js)"\)/g)].map(
      (match) => match[1],
    ),
  );
  let bytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, url))).arrayBuffer());
    bytes += zlib.gzipSync(body).length;
  }
  return bytes / 1024;
}

async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const categories = result.lhr.categories;
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    };
  } finally {
    await chrome.kill();
  }
}

function medianScores(runs) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
}

function mark(ok) {
  return ok ? "✅" : "❌";
}

function render({ throughput, signedIn, orders, javascript, scores }) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Benchmark results",
    "",
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, Node ${process.version}, by \`npm run bench\`.`,
    `Load: ${CONNECTIONS} connections for ${DURATION_S} s per URL (autocannon), gzip accepted.`,
    "",
    "## Server-side rendering against the same HTML as a static file",
    "",
    "| page | SSR req/s | SSR p99 ms | static req/s | static p99 ms | SSR / static | target ≥ 50 % |",
    "| --- | ---: | ---: | ---: | ---: | ---: | :---: |",
    ...throughput.map(({ name, ssr, stat }) => {
      const share = ssr.rps / stat.rps;
      return `| ${name} | ${ssr.rps.toFixed(0)} | ${ssr.p99} | ${stat.rps.toFixed(0)} | ${stat.p99} | ${(share * 100).toFixed(0)} % | ${mark(share >= TARGETS.cachedSsrShare)} |`;
    }),
    "",
    "## Signed-in pages (no page cache; the session is cached for 30 s per process)",
    "",
    "| page | signed-out req/s | signed-out p99 ms | signed-in req/s | signed-in p99 ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...signedIn.map(
      ({ name, signedOut, signedIn: inside }) =>
        `| ${name} | ${signedOut ? signedOut.rps.toFixed(0) : "—"} | ${signedOut ? signedOut.p99 : "—"} | ${inside.rps.toFixed(0)} | ${inside.p99} |`,
    ),
    "",
    `## Placing an order (CMS POST /orders, ${CONNECTIONS} customers at once, ${DURATION_S} s)`,
    "",
    "Each customer fills a draft through the CMS's calls (not timed) and places it: the draft spent, the",
    "slot's place taken and the order written in one transaction, then the sandbox payment attempt; it then",
    "approves the payment on the sandbox page (not timed) before its next checkout.",
    "",
    "| orders placed | checkouts/s (draft + order) | placing p50 ms | placing p99 ms | slot already full |",
    "| ---: | ---: | ---: | ---: | ---: |",
    `| ${orders.orders} | ${orders.perSecond.toFixed(1)} | ${orders.p50} | ${orders.p99} | ${orders.full} |`,
    "",
    "## First-load JavaScript (gzip)",
    "",
    "| page | KB | target ≤ 100 KB |",
    "| --- | ---: | :---: |",
    ...javascript.map(({ name, kb }) => `| ${name} | ${kb.toFixed(1)} | ${mark(kb <= TARGETS.firstLoadJsKb)} |`),
    "",
    `## Lighthouse (mobile, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs)`,
    "",
    "| page | performance | accessibility | best practices | SEO | target performance ≥ 95 |",
    "| --- | ---: | ---: | ---: | ---: | :---: |",
    ...scores.map(
      (s) =>
        `| ${s.name} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${mark(s.performance >= TARGETS.lighthousePerformance)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}

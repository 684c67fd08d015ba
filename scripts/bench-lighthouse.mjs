// `npm run bench -- lighthouse`: Lighthouse (mobile, simulated throttling, the median of
// BENCH_LIGHTHOUSE_RUNS runs) on the five public pages issue 24 names, with the consent banner
// shown: the storefront runs with a Tag Manager id (never loaded, as no visitor consents here), so
// every page carries the banner a first visitor sees. Target performance ≥ 98. Written to
// bench/lighthouse.md, with the metrics behind each score (first and largest contentful paint,
// total blocking time, layout shift, speed index) to say where a page's time goes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TARGETS } from "./lib/bench-targets.mjs";
import { lighthouseMedian } from "./lib/lighthouse.mjs";
import { ensureBuilt, freePort, ROOT, startCms, startStorefront, stopProcess, waitForHttp } from "./lib/processes.mjs";
import { firstProductPath } from "./lib/shop-pages.mjs";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A container id of the right shape: the banner shows, and nothing is fetched until consent. */
const BENCH_GTM_ID = "GTM-BENCH00";

await ensureBuilt();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-lighthouse-"));
const [cmsPort, storefrontPort] = [await freePort(), await freePort()];
const cmsUrl = `http://127.0.0.1:${cmsPort}`;
// localhost, not 127.0.0.1: the address a person types, and the one the shop's links use.
const base = `http://localhost:${storefrontPort}`;
const cms = startCms({
  port: cmsPort,
  logFile: path.join(workDir, "cms.log"),
  env: {
    DATABASE_URL: "",
    DATABASE_FILENAME: path.join(workDir, "shop.db"),
    PUBLIC_DIR: path.join(workDir, "public"),
    MAIL_OUTBOX_DIR: path.join(workDir, "outbox"),
  },
});
let storefront;
try {
  await waitForHttp(`${cmsUrl}/health`, { child: cms, timeoutMs: 180_000 });
  storefront = startStorefront({
    port: storefrontPort,
    logFile: path.join(workDir, "storefront.log"),
    env: {
      CMS_URL: cmsUrl,
      SITE_URL: base,
      GTM_ID: BENCH_GTM_ID,
      IMAGE_PREGENERATE: "false",
      IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
    },
  });
  await waitForHttp(`${base}/healthz`, { child: storefront, timeoutMs: 60_000 });
  const pages = [
    ["home", "/"],
    ["boxes", "/nuestras-cajas"],
    ["product", await firstProductPath(base)],
    ["new order", "/nuevo-pedido"],
    ["gift card create", "/tarjeta-regalo-digital/crear"],
  ];
  // One visit of each first, as a visitor before the measured one: the page cache and the pictures' sizes made.
  for (const [, pagePath] of pages) await fetch(base + pagePath);
  const scores = [];
  for (const [name, pagePath] of pages) {
    const score = await lighthouseMedian(base + pagePath, RUNS);
    scores.push({ name, ...score });
    console.log(`${name}: performance ${score.performanceRuns.join(", ")} (${score.failed} run(s) not finished)`);
  }
  const report = render(scores);
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/lighthouse.md"), report);
  console.log(report);
} finally {
  await Promise.all([stopProcess(storefront), stopProcess(cms)]);
  fs.rmSync(workDir, { recursive: true, force: true });
}

function render(scores) {
  const ms = (value) => (Number.isFinite(value) ? String(Math.round(value)) : "–");
  return [
    "# Lighthouse with the consent banner",
    "",
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "unknown CPU"}, Node ${process.version},`,
    `by \`npm run bench -- lighthouse\` (load average ${os.loadavg()[0].toFixed(1)} at the end): Lighthouse's mobile preset`,
    `(simulated throttling), the median of ${RUNS} runs per page, the system Chromium, the storefront with`,
    `\`GTM_ID=${BENCH_GTM_ID}\` so that the consent banner shows as to a first visitor.`,
    "",
    `| page | performance (runs) | target ≥ ${TARGETS.lighthousePerformance} | FCP ms | LCP ms | TBT ms | CLS | speed index ms | accessibility | best practices | SEO | runs not finished |`,
    "| --- | ---: | :---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...scores.map(
      (s) =>
        `| ${s.name} | ${s.performance} (${s.performanceRuns.join(", ")}) | ${s.performance >= TARGETS.lighthousePerformance ? "✅" : "❌"} | ${ms(s.fcpMs)} | ${ms(s.lcpMs)} | ${ms(s.tbtMs)} | ${s.cls.toFixed(3)} | ${ms(s.speedIndexMs)} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.failed} |`,
    ),
    "",
  ].join("\n");
}

// `npm run bench -- public`: the public part of the benchmark alone, in a few minutes (issue 24): the
// cached home, boxes and product pages against a bare Node server sending the same bytes, and the
// first-load JavaScript of the public pages; written to bench/public.md. `npm run bench` measures
// the same beside everything else.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuilt, freePort, ROOT, startCms, startStorefront, stopProcess, waitForHttp } from "./lib/processes.mjs";
import { TARGETS } from "./lib/bench-targets.mjs";
import { cachedAgainstCeiling, ceilingLines } from "./lib/page-ceiling.mjs";
import { firstLoadJs, firstLoadJsLines, firstProductPath } from "./lib/shop-pages.mjs";

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

await ensureBuilt();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-public-"));
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
      IMAGE_PREGENERATE: "false",
      IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
    },
  });
  await waitForHttp(`${base}/healthz`, { child: storefront, timeoutMs: 60_000 });

  const pages = [
    ["home", "/"],
    ["boxes", "/nuestras-cajas"],
    ["product", await firstProductPath(base)],
  ];
  const rows = await cachedAgainstCeiling(pages, { base, workDir, load });
  const javascript = [];
  for (const [name, pagePath] of [
    ...pages,
    ["login", "/iniciar-sesion"],
    ["new order", "/nuevo-pedido"],
    ["gift card", "/tarjeta-regalo-digital/crear"],
  ]) {
    javascript.push({ name, ...(await firstLoadJs(base + pagePath)) });
  }
  const mark = (ok) => (ok ? "✅" : "❌");
  const report = [
    "# Benchmark results: public pages",
    "",
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, by \`npm run bench -- public\` (load average ${os.loadavg()[0].toFixed(1)} at the end).`,
    `Load: ${CONNECTIONS} connections for ${DURATION_S} s per URL (autocannon), gzip accepted.`,
    "",
    ...ceilingLines(rows, { target: TARGETS.cachedShare, mark }),
    "",
    "## First-load JavaScript (each module the page preloads or imports, as the storefront sends it; decisions 006, 059)",
    "",
    ...firstLoadJsLines(javascript, { target: TARGETS.firstLoadJsKb, mark }),
    "",
  ].join("\n");
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/public.md"), report);
  console.log(report);
} finally {
  await Promise.all([stopProcess(storefront), stopProcess(cms)]);
  fs.rmSync(workDir, { recursive: true, force: true });
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "gzip" } },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0) return reject(new Error(`${url}: ${result.non2xx} answers were not 2xx`));
        resolve({ rps: result.requests.average, p99: result.latency.p99, total: result.requests.total });
      },
    );
  });
}

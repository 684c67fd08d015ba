// The ceiling `npm run bench` measures cached pages against (issue 24): the bytes the storefront sends
// for a page copy, sent by a bare Node server (scripts/lib/bare-page-server.mjs) in the same run.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort, startProcess, stopProcess, waitForHttp } from "./processes.mjs";

/** One GET, its bytes as sent (not decoded). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (answer) => {
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/**
 * The page copy the storefront sends for `url` with these request headers. A copy is stored once
 * the first render is compressed (apps/storefront/server/page-cache.ts), so this asks until one is.
 */
export async function cachedCopy(url, headers) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await rawGet(url, headers);
    if (answer.headers["x-page-cache"] === "hit") return answer;
    await delay(100);
  }
  throw new Error(`${url} is never answered from the page cache`);
}

/**
 * Starts the bare server with the storefront's copies of `pages` ([name, path] pairs, fetched from
 * `base` with `headers`, as the load will ask for them). `url(name)` is where it sends a page's bytes.
 */
export async function startPageCeiling(pages, { base, headers, workDir }) {
  const dir = path.join(workDir, "bare-pages");
  fs.mkdirSync(dir, { recursive: true });
  const bytes = {};
  for (const [name, pagePath] of pages) {
    const copy = await cachedCopy(base + pagePath, headers);
    fs.writeFileSync(path.join(dir, `${name}.body`), copy.body);
    const meta = { contentType: copy.headers["content-type"], contentEncoding: copy.headers["content-encoding"] };
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(meta));
    bytes[name] = copy.body.length;
  }
  const port = await freePort();
  const child = startProcess(
    "bare-node",
    process.execPath,
    [fileURLToPath(new URL("./bare-page-server.mjs", import.meta.url))],
    {
      env: { BARE_PAGES_DIR: dir, PORT: String(port) },
      logFile: path.join(workDir, "bare-node.log"),
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/healthz`, { child, timeoutMs: 10_000 });
  return { url: (name) => `${origin}/${name}`, bytes, stop: () => stopProcess(child) };
}

/**
 * Each page's cached copy under `load`, then the bare server sending its bytes under the same load,
 * page after page in the same run: a row per page with both and the copy's size.
 */
export async function cachedAgainstCeiling(pages, { base, workDir, load }) {
  // autocannon's requests accept gzip (scripts/bench.mjs `load`): the copy fetched is the one it gets.
  const ceiling = await startPageCeiling(pages, { base, headers: { "accept-encoding": "gzip" }, workDir });
  try {
    const rows = [];
    for (const [name, pagePath] of pages) {
      const ssr = await load(base + pagePath);
      const bare = await load(ceiling.url(name));
      rows.push({ name, pagePath, ssr, bare, kb: ceiling.bytes[name] / 1024 });
    }
    return rows;
  } finally {
    await ceiling.stop();
  }
}

/** The report's section for `cachedAgainstCeiling`'s rows, against a target share. */
export function ceilingLines(rows, { target, mark }) {
  return [
    "## Cached pages against a bare Node server sending the same bytes",
    "",
    "The storefront's page cache copy (gzip, as the load asks) against a bare `node:http` server in a process",
    "of its own that sends the same bytes with no other work (scripts/lib/bare-page-server.mjs), page after",
    "page in this run.",
    "",
    `| page | gzip KB | storefront req/s | storefront p99 ms | bare Node req/s | bare Node p99 ms | storefront / bare | target ≥ ${target * 100} % |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
    ...rows.map(({ name, kb, ssr, bare }) => {
      const share = ssr.rps / bare.rps;
      return `| ${name} | ${kb.toFixed(1)} | ${ssr.rps.toFixed(0)} | ${ssr.p99} | ${bare.rps.toFixed(0)} | ${bare.p99} | ${(share * 100).toFixed(0)} % | ${mark(share >= target)} |`;
    }),
  ];
}

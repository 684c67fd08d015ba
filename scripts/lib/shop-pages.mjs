// What the benches ask of a running shop's pages: which product page to measure, and how much
// JavaScript a page makes a phone load before it is interactive.
import http from "node:http";

/** The page of the first active box of the seeded catalogue, in Spanish, asked of the storefront at `base`. */
export async function firstProductPath(base) {
  const body = await (await fetch(`${base}/api/products?isActive=all`)).json();
  const list = Array.isArray(body) ? body : (body.data ?? []);
  const box = list.find((product) => product.type === "box" && product.isActive && product.slug_es);
  if (!box) throw new Error("The seeded catalogue has no active box with a Spanish slug");
  return `/productos/${encodeURIComponent(box.slug_es)}`;
}

/** The bytes the storefront sends for `url` when the client accepts `encoding` (fetch would decompress them). */
function bytesSent(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
        let length = 0;
        response.on("data", (chunk) => (length += chunk.length));
        response.on("end", () => resolve(length));
      })
      .on("error", reject);
  });
}

/**
 * First-load JavaScript of the page at `url`: every module it preloads or imports, in KB as the
 * storefront sends them, gzip (the budget's measure, decision 006) and brotli (what every current
 * browser accepts and gets: the build compresses each file once at brotli's strongest level,
 * decision 059).
 */
export async function firstLoadJs(url) {
  const html = await (await fetch(url)).text();
  const sources = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/import\("([^"]+\.js)"\)/g)].map(
      (match) => match[1],
    ),
  );
  let gzip = 0;
  let brotli = 0;
  for (const source of sources) {
    const asset = new URL(source, url).toString();
    gzip += await bytesSent(asset, "gzip");
    brotli += await bytesSent(asset, "br");
  }
  return { gzipKb: gzip / 1024, brotliKb: brotli / 1024 };
}

/** The benches' table of first-load JavaScript, each page against the budget (on its gzip size). */
export function firstLoadJsLines(pages, { target, mark }) {
  return [
    `| page | gzip KB | target ≤ ${target} KB | brotli KB (as browsers get it) |`,
    "| --- | ---: | :---: | ---: |",
    ...pages.map(
      ({ name, gzipKb, brotliKb }) =>
        `| ${name} | ${gzipKb.toFixed(1)} | ${mark(gzipKb <= target)} | ${brotliKb.toFixed(1)} |`,
    ),
  ];
}

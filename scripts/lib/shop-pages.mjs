// What the benches ask of a running shop's pages: which product page to measure, and how much
// JavaScript a page makes a phone load before it is interactive.
import zlib from "node:zlib";

/** The page of the first active box of the seeded catalogue, in Spanish, asked of the storefront at `base`. */
export async function firstProductPath(base) {
  const body = await (await fetch(`${base}/api/products?isActive=all`)).json();
  const list = Array.isArray(body) ? body : (body.data ?? []);
  const box = list.find((product) => product.type === "box" && product.isActive && product.slug_es);
  if (!box) throw new Error("The seeded catalogue has no active box with a Spanish slug");
  return `/productos/${encodeURIComponent(box.slug_es)}`;
}

/** First-load JavaScript of the page at `url`, in KB gzip: every module it preloads or imports, each gzipped. */
export async function firstLoadJsKb(url) {
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

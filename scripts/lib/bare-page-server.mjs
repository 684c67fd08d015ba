// The bench's ceiling for a cached page (`npm run bench`, issue 24): a bare Node HTTP server, in a
// process of its own like the storefront, that answers `/<name>` with the bytes the storefront sent
// for that page (already compressed, read once at start from BARE_PAGES_DIR: `<name>.body` and
// `<name>.json` with its Content-Type and Content-Encoding) and does nothing else per request.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const dir = process.env.BARE_PAGES_DIR;
const pages = new Map();
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
  const name = file.slice(0, -".json".length);
  const { contentType, contentEncoding } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  const body = fs.readFileSync(path.join(dir, `${name}.body`));
  const headers = { "Content-Type": contentType, "Content-Length": body.length, Vary: "Accept-Encoding" };
  if (contentEncoding) headers["Content-Encoding"] = contentEncoding;
  pages.set(`/${name}`, { headers, body });
}

http
  .createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) return res.writeHead(req.url === "/healthz" ? 200 : 404).end();
    res.writeHead(200, page.headers).end(page.body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");

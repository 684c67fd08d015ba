// Starts the storefront: Vite's dev server in development, the built app in production.
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// A local .env, when present, fills in variables the environment does not set.
const envFile = fileURLToPath(new URL("./.env", import.meta.url));
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const development = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const server = express();
server.disable("x-powered-by");
// The built app, in production: a fresh copy of a public page leaves before Express runs, with the
// headers its rendered answer had (server/page-cache.ts `serveCopy`, docs/decisions/045).
const built = development ? null : await import("./build/server/index.js");
// Rendered pages are compressed per request; the page cache's copies are kept compressed and sent as
// they are (server/page-cache.ts, docs/decisions/045). zlib's level 4 (the default is 6) halves the
// gzip CPU of a page for ~3 % more bytes: a signed-in page spent a tenth of its CPU in gzip
// (docs/decisions/024). Brotli keeps the library's quality 4.
server.use(compression({ level: 4, filter: (req, res) => !res.locals?.precompressed && compression.filter(req, res) }));

let env;
// Node's HTTP server with the storefront's limits on slow clients (server/http-server.ts).
let createHttpServer;
if (development) {
  const vite = await import("vite").then((module) =>
    module.createServer({ root: fileURLToPath(new URL(".", import.meta.url)), server: { middlewareMode: true } }),
  );
  server.use(vite.middlewares);
  ({ env, createHttpServer } = await vite.ssrLoadModule("./server/app.ts"));
  server.use(async (req, res, next) => {
    try {
      const module = await vite.ssrLoadModule("./server/app.ts");
      return module.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const noSniff = (res) => res.setHeader("X-Content-Type-Options", "nosniff");
  // Files are read with GET and HEAD only; the compressed copies are sent only in answer to a file's
  // own name (decoded: `%2Ebr` is `.br` too); and a path that is no valid encoding (`%E0%A4%A`) is the
  // app's to refuse with its 400 page and headers (express-static-gzip would answer a bare "URI
  // malformed"). None of these reaches the static files.
  const decoded = (text) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return null;
    }
  };
  const staticFiles = (folder, serveStatic) => {
    const files = expressStaticGzip(fileURLToPath(new URL(folder, import.meta.url)), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: { ...serveStatic, setHeaders: noSniff },
    });
    return (req, res, next) => {
      const name = decoded(req.path);
      if ((req.method !== "GET" && req.method !== "HEAD") || name === null || /\.(br|gz)$/i.test(name)) return next();
      // express-static-gzip labels the response with the copy's encoding and type before it looks for
      // the file: a request it passes on (no such file, a dotfile) must reach the app unlabelled, or
      // the app's own answer would go out marked as brotli.
      return files(req, res, (error) => {
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        next(error);
      });
    };
  };
  // Hashed file names: a changed file gets a new name, so these can be cached forever. Each text
  // file was compressed once by the build (vite.config.ts, decision 059): the copy the client
  // accepts is sent as it is (brotli first), and the compression middleware leaves it alone.
  server.use("/assets", staticFiles("./build/client/assets", { immutable: true, maxAge: "1y" }));
  const publicFiles = staticFiles("./build/client", { maxAge: "1h" });
  // Every public file's name has an extension; a page's path (or React Router's `.data` request for
  // it) is no file, and skips the disk look-up that cost each page view a stat (docs/decisions/024).
  server.use((req, res, next) => {
    const extension = path.extname(req.path);
    return extension === "" || extension === ".data" ? next() : publicFiles(req, res, next);
  });
  ({ env, createHttpServer } = built);
  server.use(built.app);
}

// A fresh page copy leaves before Express (server/page-cache.ts `serveCopy`); anything else goes to it.
const handler = built ? (req, res) => built.pageCopies(req, res, () => server(req, res)) : server;
const listener = createHttpServer(handler).listen(env.PORT, env.HOST, () => {
  console.log(`Storefront ready on ${env.SITE_URL} (listening on ${env.HOST}:${env.PORT})`);
});

// Finish the requests in flight, then exit; a load balancer has already stopped sending new ones.
function shutdown(signal) {
  console.log(`${signal} received: closing the storefront`);
  listener.close(() => process.exit(0));
  listener.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

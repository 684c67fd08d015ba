import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { defineConfig, type Alias, type Plugin } from "vite";

/**
 * React Router's plugin pre-bundles `react-router-dom` whenever it can resolve it; here that is the
 * CMS's v6 copy at the workspace root, which cannot be bundled against our v7. We never import it.
 */
function withoutCmsRouter(): Plugin {
  return {
    name: "shop:without-cms-router",
    enforce: "post",
    config(config) {
      const include = config.optimizeDeps?.include;
      if (include) config.optimizeDeps!.include = include.filter((name) => name !== "react-router-dom");
    },
  };
}

/**
 * The page shell (header, footer, links, texts, route table) is needed by every page: one chunk
 * instead of a dozen tiny ones saves requests and compresses better.
 */
const SHELL_MODULES = [
  /\/packages\/routing\/src\//,
  /\/packages\/domain\/src\/locale\.ts$/,
  /\/app\/(root-data|alternates|seo|images|nonce)\.tsx?$/,
  /\/app\/i18n\/format\.ts$/,
  /\/app\/components\/(site-header|site-footer|language-switcher|logo|illustrations|screen-link|error-screen|fallback-texts)\.tsx$/,
  /\/app\/accounts\/account-entry\.tsx$/,
  // Tiny helpers most pages use: separate files would cost a request each.
  /\/app\/components\/(button-styles|later)\.tsx?$/,
  // What loads the cookie banner's chunk: in the shell, its import() shares the shell's list of
  // chunks to preload (Radix Dialog is already there for the menu) instead of adding its own.
  /\/app\/analytics\/(analytics|events|cookie-settings-button)\.tsx?$/,
  // Likewise what starts the browser's behaviours (the title while away, new builds).
  /\/app\/components\/client-behaviours\.tsx$/,
  // And what loads the support chat (decision 020).
  /\/app\/support-chat\/support-chat\.tsx$/,
];

function shellChunk(id: string): string | undefined {
  return SHELL_MODULES.some((pattern) => pattern.test(id)) ? "shell" : undefined;
}

/**
 * React Router publishes a production build beside its development one, but its package exports
 * only name the development build (remix-run/react-router#12532, #14102), so browsers would get
 * its developer warnings: 0.6 KB gzip on every page (decision 006). The browser bundle takes the
 * production build of the same version; the server and `vite dev` keep the development one,
 * warnings included. What pages show is the same: the builds render differently only in React
 * Router's default error boundary and hydration fallback, which the root route replaces.
 */
function reactRouterProductionBuild(): Alias[] {
  const dist = fileURLToPath(new URL("dist/production/", import.meta.resolve("react-router/package.json")));
  return [
    { find: /^react-router$/, replacement: `${dist}index.mjs` },
    { find: /^react-router\/dom$/, replacement: `${dist}dom-export.mjs` },
  ];
}

/** What is worth compressing: text. Fonts (woff2) and pictures are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;

/**
 * Each text file of the browser's build also written compressed beside it, once, at the strongest
 * levels (brotli 11, gzip 9): the server sends those files as they are (server.js,
 * express-static-gzip) instead of compressing every request at the fast levels a response has time
 * for (brotli 4, gzip 4). The JavaScript a phone downloads first is about 13 % smaller in brotli, and
 * no request for a script or the stylesheet costs the server CPU while a page loads (decision 059).
 */
function precompressedAssets(): Plugin {
  let outDir = "";
  return {
    name: "shop:precompressed-assets",
    apply: "build",
    configResolved(config) {
      outDir = config.build.ssr ? "" : path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (!outDir) return;
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        // Not Vite's `.vite/manifest.json`, which React Router deletes after the build: nothing in a
        // dot-folder is ever served.
        const hidden = path
          .relative(outDir, file)
          .split(path.sep)
          .some((part) => part.startsWith("."));
        if (!entry.isFile() || hidden || !COMPRESSIBLE.test(entry.name)) continue;
        const bytes = fs.readFileSync(file);
        const brotli = zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gzip = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
        // A copy no smaller than the file would only cost the client a decompression.
        if (brotli.length < bytes.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is our Express app, which imports the React Router build itself.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        assetsInlineLimit: 0,
        // Terser's two passes make the browser's JavaScript about 2.6 KB gzip smaller per page than
        // esbuild's minifier (decision 006); the build takes some seconds longer.
        minify: "terser",
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: { output: { manualChunks: shellChunk } },
      },
  plugins: [tailwindcss(), reactRouter(), withoutCmsRouter(), precompressedAssets()],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild ? reactRouterProductionBuild() : []),
    ],
  },
  server: { port: 3000 },
}));

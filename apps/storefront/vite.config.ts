import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

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
  /\/app\/components\/(site-header|site-footer|language-switcher|logo|illustrations|screen-link|account-entry|error-screen|fallback-texts)\.tsx$/,
  // Tiny helpers most pages use: separate files would cost a request each.
  /\/app\/components\/(button-styles|later)\.tsx?$/,
];

function shellChunk(id: string): string | undefined {
  return SHELL_MODULES.some((pattern) => pattern.test(id)) ? "shell" : undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which imports the React Router build itself.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { assetsInlineLimit: 0, rollupOptions: { output: { manualChunks: shellChunk } } },
  plugins: [tailwindcss(), reactRouter(), withoutCmsRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { port: 3000 },
}));

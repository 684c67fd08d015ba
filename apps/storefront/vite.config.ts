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

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which imports the React Router build itself.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { assetsInlineLimit: 0 },
  plugins: [tailwindcss(), reactRouter(), withoutCmsRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    // The CMS needs React 18 at the workspace root; this app and React Router must use React 19.
    dedupe: ["react", "react-dom"],
  },
  // React Router lives at the workspace root, next to React 18: bundle it so it imports our React.
  ssr: { noExternal: [/^react-router$/, /^@react-router\//] },
  server: { port: 3000 },
}));

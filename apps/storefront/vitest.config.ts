import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    name: "storefront",
    setupFiles: [new URL("../../vitest.unit-setup.ts", import.meta.url).pathname],
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts"],
  },
});

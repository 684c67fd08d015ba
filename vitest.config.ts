import { defineConfig } from "vitest/config";

// One Vitest run, one project per workspace: unit tests (domain, routing, storefront, cms-unit)
// and the CMS integration tests ("cms"), told apart by project name.
export default defineConfig({
  test: {
    projects: [
      "packages/domain",
      "packages/contracts",
      "packages/routing",
      "apps/storefront",
      "apps/cms",
      "apps/cms/vitest.unit.config.ts",
      "e2e",
      "e2e/cluster",
    ],
  },
});

import { defineConfig } from "vitest/config";

// One Vitest run, one project per workspace: unit tests (domain, routing, storefront)
// and the CMS integration tests, told apart by project name.
export default defineConfig({
  test: {
    projects: ["packages/domain", "packages/contracts", "packages/routing", "apps/storefront", "apps/cms", "e2e"],
  },
});

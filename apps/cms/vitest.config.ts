import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "cms",
    // Vite replaces __dirname in config files, so the project resolves the same from any cwd.
    root: __dirname,
    // Only the tests that boot Strapi; the pure ones (*.test.ts) are the "cms-unit" project
    // (vitest.unit.config.ts), run once rather than once per database.
    include: ["tests/**/*.int.test.ts"],
    // Compiles the TypeScript app to dist/ once per run, before any worker boots Strapi.
    globalSetup: ["tests/global-setup.ts"],
    // One Strapi at a time. fileParallelism only counts in the root config, so also ask for a single
    // fork: this project's files then run one after another even when other projects run in parallel.
    pool: "forks",
    fileParallelism: false,
    poolOptions: { forks: { singleFork: true } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "cms",
    // Vite replaces __dirname in config files, so the project resolves the same from any cwd.
    root: __dirname,
    include: ["tests/**/*.test.ts"],
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

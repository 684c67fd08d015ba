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
    // Before each file: the app's modules that the file imports are loaded afresh (see the file).
    setupFiles: ["tests/fresh-modules.ts"],
    // One Strapi at a time. fileParallelism only counts in the root config, so also ask for a single
    // fork: this project's files then run one after another even when other projects run in parallel.
    pool: "forks",
    fileParallelism: false,
    // isolate: false keeps that one fork for every file instead of starting a new one per file (Tinypool's
    // isolateWorkers), so Strapi's modules are loaded once per pass, not 41 times. A file's first boot in a
    // new process took 8.9 s of CPU, the next boots in the same process 2.5-2.8 s (measured on a loaded
    // machine). Each file still boots its own Strapi on its own database: helpers/strapi.ts reloads dist/
    // and puts the environment and process listeners back, as the files already shared a process's globals.
    // Each boot's Strapi must be let go when its file stops: helpers/strapi.ts drops dist/ from Node's
    // module cache and from the `children` of the modules that stay. Before that, every boot stayed in
    // memory (~35 MB after a full GC), a whole pass's worker grew to 3 GB and its last files ran 3-4
    // times slower than its first (a SQLite pass 2,017 s; 558 s since).
    poolOptions: { forks: { singleFork: true, isolate: false, execArgv: ["--max-old-space-size=8192"] } },
    testTimeout: 30_000,
    // A boot takes 10-30 s; on a 2-core host also running the browser tests it has taken over 120 s (the
    // 2026-11-29 afternoon run, decision 058), which is slow, not wrong.
    hookTimeout: 300_000,
  },
});

import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.e2e.test.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 60_000,
    // A loaded CI machine may need more than the default second to render after a click.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // A test that fails is run once more in the same browser session before the run fails. Three CI
    // runs in a row each failed on one browser test that passed alone and in every run on a quiet
    // machine (a click before hydration, a console error with no message kept); a second failure is
    // still a failure, and the report names every test that needed its retry ("retry x1").
    retry: 1,
    // One browser at a time against one shop: two cores are not enough for more.
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    // The files share the one fork's modules (playwright, the storefront's texts, the support code)
    // instead of loading them again for each of the 27 files: they keep no state at module level, and
    // each file has its own browser (support/browser.ts).
    isolate: false,
  },
});

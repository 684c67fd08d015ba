import { afterAll, vi } from "vitest";

// The unit tests run without per-file isolation (scripts/test.mjs, `--no-isolate`): one worker runs
// file after file of a project, its modules loaded once (three quarters of the run was Vitest loading
// the same modules again for every file). What a file changes on the shared globals is put back when
// it ends, so the next file in the worker starts as in a fresh one: its spies (console.error silenced
// by a test that provokes an error), fake timers, stubbed globals and environment variables.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

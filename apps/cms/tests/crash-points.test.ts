import { afterEach, describe, expect, it, vi } from "vitest";

// The crash test's points (docs/decisions/051) kill the process: here process.kill is a spy, and the
// environment's E2E_JOB_HOOKS (refused in production by src/env.ts) is what the test sets.
const env = vi.hoisted(() => ({ e2eJobHooks: false }));
vi.mock("../src/env", () => ({ getEnv: () => env }));

const load = async () => {
  vi.resetModules();
  return import("../src/http/crash-points");
};

afterEach(() => {
  vi.restoreAllMocks();
  env.e2eJobHooks = false;
});

describe("crash points", () => {
  it("cannot be armed without the end-to-end hooks: the process never dies there", async () => {
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    const { armCrashPoint, crashPoint } = await load();
    expect(armCrashPoint("orderPlacedBeforeAnswer")).toBe(false);
    crashPoint("orderPlacedBeforeAnswer");
    expect(kill).not.toHaveBeenCalled();
  });

  it("armed with the hooks on, kill this process with SIGKILL at that point only", async () => {
    env.e2eJobHooks = true;
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    const { armCrashPoint, crashPoint } = await load();
    crashPoint("paymentNotificationCommitted");
    expect(kill).not.toHaveBeenCalled();
    expect(armCrashPoint("paymentNotificationCommitted")).toBe(true);
    crashPoint("orderPlacedBeforeAnswer");
    expect(kill).not.toHaveBeenCalled();
    crashPoint("paymentNotificationCommitted");
    expect(kill).toHaveBeenCalledWith(process.pid, "SIGKILL");
  });
});

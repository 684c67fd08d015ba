import { describe, expect, it } from "vitest";
import { oneRunAtATime } from "../src/jobs/one-run-at-a-time";

describe("a scheduled task, one run at a time", () => {
  it("skips a tick that comes while the last run goes on, and runs again once it has ended, even after a failure", async () => {
    const started: number[] = [];
    const skipped: number[] = [];
    let finish: (failure?: Error) => void = () => {};
    const task = oneRunAtATime(
      (tick: number) => {
        started.push(tick);
        return new Promise<void>((resolve, reject) => {
          finish = (failure) => (failure ? reject(failure) : resolve());
        });
      },
      { onSkipped: (tick) => skipped.push(tick) },
    );
    const first = task(1);
    await task(2);
    expect(started).toEqual([1]);
    expect(skipped).toEqual([2]);
    finish(new Error("the database went away"));
    await expect(first).rejects.toThrow("the database went away");
    const third = task(3);
    expect(started).toEqual([1, 3]);
    finish();
    await third;
  });
});

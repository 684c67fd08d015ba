/**
 * A scheduled task that never runs twice at once in one process: a run longer than its schedule's
 * interval (a delivery day's renewals for thousands of subscribers take minutes, the cron fires every
 * five) is not joined by the next tick, which would only contend with it for the same rows. Runs in
 * other processes are kept apart by the database, as every task is safe to run twice at once.
 */
export function oneRunAtATime<Args>(
  task: (args: Args) => Promise<void>,
  { onSkipped }: { onSkipped: (args: Args) => void },
): (args: Args) => Promise<void> {
  let running = false;
  return async (args) => {
    if (running) {
      onSkipped(args);
      return;
    }
    running = true;
    try {
      await task(args);
    } finally {
      running = false;
    }
  };
}

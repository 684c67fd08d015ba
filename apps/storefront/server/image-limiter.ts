/** Who is waiting for a conversion: a visitor's picture always goes before any pre-generation. */
export type ConversionPriority = "visitor" | "background";

export interface ConversionLimiterOptions {
  /** Conversions running at once; each keeps about one CPU core busy (sharp runs one thread per conversion). */
  readonly maxConcurrent: number;
  /**
   * Visitor requests allowed to wait for a free slot. Beyond it they are refused at once: a client
   * told to come back later is better than a queue that grows until every request times out.
   */
  readonly maxQueued: number;
}

export interface RunOptions {
  readonly priority: ConversionPriority;
  /** Aborting it while the task waits removes the task from the queue (a visitor who left). */
  readonly signal?: AbortSignal;
}

export interface LimiterStats {
  readonly running: number;
  readonly queuedVisitors: number;
  readonly queuedBackground: number;
  /** The most conversions that ever ran at once: for tests and diagnostics. */
  readonly peakRunning: number;
}

/** Thrown when the visitor queue is full: the caller answers 503 with Retry-After. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

/** Pre-generation runs one conversion at a time, so it never takes more than one core from visitors. */
const MAX_BACKGROUND_RUNNING = 1;

interface Waiter {
  start(): void;
}

/**
 * Bounds the CPU and memory image conversions take: at most `maxConcurrent` run at once, a few
 * visitors wait in line (first come, first served) and background work only starts when no
 * visitor is waiting. Without it, a burst of uncached pictures kept every core busy and the
 * health check waiting for seconds.
 */
export class ConversionLimiter {
  private running = 0;
  private backgroundRunning = 0;
  private peakRunning = 0;
  private readonly visitors: Waiter[] = [];
  private readonly background: Waiter[] = [];

  constructor(private readonly options: ConversionLimiterOptions) {
    if (!Number.isInteger(options.maxConcurrent) || options.maxConcurrent < 1) {
      throw new RangeError("maxConcurrent must be an integer of at least 1");
    }
    if (!Number.isInteger(options.maxQueued) || options.maxQueued < 0) {
      throw new RangeError("maxQueued must be an integer of at least 0");
    }
  }

  get stats(): LimiterStats {
    return {
      running: this.running,
      queuedVisitors: this.visitors.length,
      queuedBackground: this.background.length,
      peakRunning: this.peakRunning,
    };
  }

  /** Runs `task` when a slot is free; rejects with QueueFullError, or with the signal's reason when aborted. */
  async run<T>(task: () => Promise<T>, { priority, signal }: RunOptions): Promise<T> {
    signal?.throwIfAborted();
    if (this.canStart(priority)) return this.execute(task, priority);
    const queue = priority === "visitor" ? this.visitors : this.background;
    if (priority === "visitor" && queue.length >= this.options.maxQueued) {
      throw new QueueFullError("Too many pictures are being converted");
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          this.execute(task, priority).then(resolve, reject);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
    });
  }

  private canStart(priority: ConversionPriority): boolean {
    if (this.running >= this.options.maxConcurrent) return false;
    if (priority === "visitor") return this.visitors.length === 0;
    return this.visitors.length === 0 && this.backgroundRunning < MAX_BACKGROUND_RUNNING;
  }

  private async execute<T>(task: () => Promise<T>, priority: ConversionPriority): Promise<T> {
    // Counted before the first await, so the next caller in the same tick sees the slot taken.
    this.running += 1;
    if (priority === "background") this.backgroundRunning += 1;
    this.peakRunning = Math.max(this.peakRunning, this.running);
    try {
      return await task();
    } finally {
      this.running -= 1;
      if (priority === "background") this.backgroundRunning -= 1;
      this.startWaiting();
    }
  }

  private startWaiting() {
    while (this.running < this.options.maxConcurrent) {
      const next =
        this.visitors.shift() ??
        (this.backgroundRunning < MAX_BACKGROUND_RUNNING ? this.background.shift() : undefined);
      if (!next) return;
      next.start();
    }
  }
}

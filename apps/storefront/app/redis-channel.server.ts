import Redis from "ioredis";

/**
 * A Redis channel that every storefront process of a deployment listens to, for news that must reach
 * them all at once (a retired session, changed content). News is best effort: while Redis does not
 * answer, a publish fails at once (no queue of stale news) and what is missed is bounded by the
 * caches' own lifetimes, which is why every user of a channel must have one.
 */
export interface RedisChannel {
  /** Resolves once this process listens (tests wait for it; the server does not need to). */
  readonly ready: Promise<void>;
  /** Sends a message to every process listening, this one included; never rejects. */
  publish(message: string): void;
  /** Stops listening and publishing; closes both connections. */
  close(): Promise<void>;
}

export interface RedisChannelOptions {
  readonly redisUrl: string;
  readonly channel: string;
  /** Called with each message heard on the channel. */
  readonly onMessage: (message: string) => void;
  /** What is missed while Redis does not answer, for the log: "retired sessions reach other processes …". */
  readonly whileDown: string;
}

export function redisChannel({ redisUrl, channel, onMessage, whileDown }: RedisChannelOptions): RedisChannel {
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 };
  const publisher = new Redis(redisUrl, options);
  // A connection in subscriber mode may send nothing else: listening takes a second one.
  const subscriber = new Redis(redisUrl, { ...options, enableOfflineQueue: true });
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    console.error(`Redis (${channel}) does not answer: ${whileDown}`, error.message);
  };
  publisher.on("error", warnOnce);
  subscriber.on("error", warnOnce);
  subscriber.on("ready", () => (warned = false));
  subscriber.on("message", (heard: string, message: string) => {
    if (heard === channel) onMessage(message);
  });
  const ready = subscriber.subscribe(channel).then(
    () => undefined,
    (error: Error) => warnOnce(error),
  );
  return {
    ready,
    publish(message) {
      publisher.publish(channel, message).catch(warnOnce);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

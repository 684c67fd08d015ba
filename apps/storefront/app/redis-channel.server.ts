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
  /** Stops listening and publishing; the last channel of a Redis closes its two connections. */
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

/**
 * The two connections of one Redis, shared by every channel of this process: a storefront follows
 * two channels (retired sessions, changed content), and a pair per channel made four connections per
 * process where two do (issue 24). Opened with the first channel, closed with the last.
 */
interface SharedConnections {
  readonly publisher: Redis;
  readonly subscriber: Redis;
  /** What each channel's users do with a message heard on it. */
  readonly listeners: Map<string, Set<(message: string) => void>>;
  users: number;
}

const connectionsByUrl = new Map<string, SharedConnections>();

/** This process's connections' name in Redis's CLIENT LIST. */
export const redisConnectionName = () => `shop-storefront-${process.pid}`;

function connectionsTo(redisUrl: string): SharedConnections {
  const known = connectionsByUrl.get(redisUrl);
  if (known) return known;
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Named for Redis's CLIENT LIST: which process holds which connections.
    connectionName: redisConnectionName(),
  };
  const opened: SharedConnections = {
    publisher: new Redis(redisUrl, options),
    // A connection in subscriber mode may send nothing else: listening takes a second one.
    subscriber: new Redis(redisUrl, { ...options, enableOfflineQueue: true }),
    listeners: new Map(),
    users: 0,
  };
  opened.subscriber.on("message", (heard: string, message: string) => {
    for (const listener of opened.listeners.get(heard) ?? []) listener(message);
  });
  connectionsByUrl.set(redisUrl, opened);
  return opened;
}

export function redisChannel({ redisUrl, channel, onMessage, whileDown }: RedisChannelOptions): RedisChannel {
  const connections = connectionsTo(redisUrl);
  const { publisher, subscriber, listeners } = connections;
  connections.users += 1;
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    console.error(`Redis (${channel}) does not answer: ${whileDown}`, error.message);
  };
  const answering = () => (warned = false);
  publisher.on("error", warnOnce);
  subscriber.on("error", warnOnce);
  subscriber.on("ready", answering);
  const onChannel = listeners.get(channel) ?? new Set<(message: string) => void>();
  listeners.set(channel, onChannel);
  onChannel.add(onMessage);
  const ready = subscriber.subscribe(channel).then(
    () => undefined,
    (error: Error) => warnOnce(error),
  );
  let closed = false;
  return {
    ready,
    publish(message) {
      if (!closed) publisher.publish(channel, message).catch(warnOnce);
    },
    async close() {
      if (closed) return;
      closed = true;
      onChannel.delete(onMessage);
      publisher.off("error", warnOnce);
      subscriber.off("error", warnOnce);
      subscriber.off("ready", answering);
      connections.users -= 1;
      if (connections.users > 0) {
        if (onChannel.size === 0) {
          listeners.delete(channel);
          await subscriber.unsubscribe(channel).catch(() => undefined);
        }
        return;
      }
      connectionsByUrl.delete(redisUrl);
      // Errors while closing are nobody's news: the connections go.
      publisher.on("error", () => undefined);
      subscriber.on("error", () => undefined);
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

import net from "node:net";

/**
 * A TCP proxy in front of a real Redis that a test can make fail as Redis fails in production:
 * paused (the process stopped, or the network dropping packets: connections stay open, nothing is
 * answered) and gone (connections closed, the port refusing new ones), then back.
 */
export interface RedisProxy {
  /** redis://127.0.0.1:<the proxy's port> */
  readonly url: string;
  /** Nothing sent to Redis is read any more (new connections are accepted but never answered). */
  pause(): void;
  /** Reads and forwards again what waited. */
  resume(): void;
  /** Closes every connection and stops listening: the port refuses. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisProxy(targetUrl: string): Promise<RedisProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  /** While paused, what clients sent, held back: Redis has not read it. */
  const held = new Map<net.Socket, Buffer[]>();
  let paused = false;

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      // A reset while stopping is expected.
      socket.on("error", () => undefined);
    }
    client.on("close", () => {
      held.delete(client);
      upstream.destroy();
    });
    upstream.on("close", () => client.destroy());
    held.set(client, []);
    client.on("data", (chunk: Buffer) => {
      if (paused) held.get(client)?.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    const flush = () => {
      for (const chunk of held.get(client)?.splice(0) ?? []) upstream.write(chunk);
    };
    resumers.add(flush);
    client.on("close", () => resumers.delete(flush));
  });
  const resumers = new Set<() => void>();
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `redis://127.0.0.1:${port}`,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const flush of resumers) flush();
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    start: () => listen(port),
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

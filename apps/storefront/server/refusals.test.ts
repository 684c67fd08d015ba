import http from "node:http";
import type { AddressInfo } from "node:net";
import { EventEmitter } from "node:events";
import express, { type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server";
import { refuseAfterBody } from "./refusals";
import { formPosts, pageMethods } from "./security";

const LIMITS = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 1_000 };
let shop: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(pageMethods);
  app.use(formPosts({ maxBytes: 64 * 1024 }));
  app.use((_req, res) => {
    res.send("a page");
  });
  shop = createHttpServer(app, LIMITS);
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  port = (shop.address() as AddressInfo).port;
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
});

interface Answer {
  readonly status?: number;
  readonly connection?: string;
  readonly error?: string;
}

/** One request on a connection of its own (Connection: close), its body written as fast as it goes. */
function send(method: string, body: Buffer, { chunked = false }: { chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (!chunked) headers["Content-Length"] = String(body.length);
    const req = http.request({ host: "127.0.0.1", port, method, path: "/una-pagina", headers, agent: false });
    let answer: Answer | undefined;
    req.on("response", (res) => {
      answer = { status: res.statusCode, connection: res.headers.connection };
      res.resume();
      res.on("close", () => resolve(answer as Answer));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(answer ?? { error: error.code ?? error.message }));
    // Written, then ended: Node sends a lone `end(body)` with a Content-Length of its own.
    if (chunked) req.write(body);
    req.end(chunked ? undefined : body);
  });
}

const form = (bytes: number) => Buffer.from(`message=${"x".repeat(bytes)}`);

describe("a refused request with a body", () => {
  it("is answered, never cut off, when a one-off client sends a megabyte to a page with PUT or PATCH", async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => send(index % 2 ? "PUT" : "PATCH", form(1024 * 1024))),
    );
    expect(answers.map((answer) => answer.status ?? answer.error)).toEqual(new Array(24).fill(405));
  });

  it("gets 413 for a form past the limit, and 411 for a chunked one, after its body was read", async () => {
    const [tooLarge, chunked] = await Promise.all([
      send("POST", form(1024 * 1024)),
      send("POST", form(1024), { chunked: true }),
    ]);
    expect(tooLarge.status).toBe(413);
    expect(chunked.status).toBe(411);
  });

  it("is refused at once, closing the connection, when the body is larger than is worth reading", async () => {
    const answer = await send("POST", form(3 * 1024 * 1024));
    // The client may see the reset before the answer: either way, the server did not read 3 MB.
    if (answer.status !== undefined) {
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe("close");
    } else {
      expect(answer.error).toMatch(/EPIPE|ECONNRESET/);
    }
  });
});

describe("refuseAfterBody", () => {
  /** A request whose body arrives when the test emits it, and a response that records its headers. */
  function exchange(headers: Record<string, string>) {
    const req = Object.assign(new EventEmitter(), { headers, complete: false }) as unknown as Request;
    const set: Record<string, string> = {};
    const res = { set: (name: string, value: string) => (set[name] = value) } as unknown as Response;
    const refusals: string[] = [];
    refuseAfterBody(req, res, () => refusals.push(set.Connection ?? "keep"));
    return { body: req as unknown as EventEmitter, refusals };
  }

  it("answers only once the body has arrived, on a connection that stays usable", () => {
    const { body, refusals } = exchange({ "content-length": String(1024 * 1024) });
    body.emit("data", Buffer.alloc(512 * 1024));
    expect(refusals).toEqual([]);
    body.emit("data", Buffer.alloc(512 * 1024));
    body.emit("end");
    expect(refusals).toEqual(["keep"]);
  });

  it("answers at once when there is no body", () => {
    expect(exchange({}).refusals).toEqual(["keep"]);
    expect(exchange({ "content-length": "0" }).refusals).toEqual(["keep"]);
  });

  it("answers at once, closing the connection, when the declared body is too large to be worth reading", () => {
    expect(exchange({ "content-length": String(3 * 1024 * 1024) }).refusals).toEqual(["close"]);
  });

  it("counts a chunked body as it comes, and stops reading once it is too large", () => {
    const { body, refusals } = exchange({ "transfer-encoding": "chunked" });
    body.emit("data", Buffer.alloc(1024 * 1024));
    expect(refusals).toEqual([]);
    body.emit("data", Buffer.alloc(1024 * 1024 + 1));
    expect(refusals).toEqual(["close"]);
    body.emit("end");
    expect(refusals).toEqual(["close"]);
  });
});

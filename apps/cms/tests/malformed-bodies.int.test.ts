import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectErrorShape, getJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// A body that does not parse is the client's mistake (issue 20): a clear 400 (413 when too large)
// in Strapi's error shape, and at most one line at info level, never an error with a stack trace.
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
});

afterAll(async () => {
  await app?.stop();
});

/** Spies on the CMS's log while `run` runs: what it logged as errors, and its info lines. */
async function logged(run: () => Promise<void>): Promise<{ errors: unknown[][]; infos: string[] }> {
  const error = vi.spyOn(app.strapi.log, "error");
  const info = vi.spyOn(app.strapi.log, "info");
  try {
    await run();
    return { errors: [...error.mock.calls], infos: info.mock.calls.map(([line]) => String(line)) };
  } finally {
    error.mockRestore();
    info.mockRestore();
  }
}

const postRaw = (path: string, body: string, contentType = "application/json") =>
  getJson(`${app.api}${path}`, { method: "POST", headers: { "content-type": contentType }, body });

/** A POST sent in chunks without Content-Length, as a streaming client sends it. */
function postChunked(path: string, chunks: string[]): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${app.api}${path}`,
      { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => (text += part));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    request.on("error", reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

describe("a JSON body that does not parse", () => {
  it("answers 400 with a clear message, logs one line at info and no error", async () => {
    const secret = "Kiwi-Tractor-93!";
    const { errors, infos } = await logged(async () => {
      for (const [path, body] of [
        ["/auth/local", `{"identifier": "ana@example.com", "password": "${secret}"`],
        ["/auth/forgot-password", "{'email': 'ana@example.com'}"],
        ["/contact-messages", "42"],
        ["/payments/sandbox/notification", "{"],
      ]) {
        const answer = await postRaw(path!, body!);
        const error = expectErrorShape(answer, 400).error;
        expect([path, error.name, error.message]).toEqual([
          path,
          "ValidationError",
          "The request body is not valid JSON",
        ]);
      }
    });
    expect(errors).toEqual([]);
    const refusals = infos.filter((line) => line.includes("Refused the body"));
    expect(refusals).toHaveLength(4);
    expect(refusals[0]).toBe("Refused the body of POST /api/auth/local: The request body is not valid JSON");
    for (const line of refusals) {
      expect(line).not.toMatch(/\n/);
      // The parser's message may quote the body: none of it reaches the log.
      expect(line).not.toContain(secret);
      expect(line).not.toContain("ana@example.com");
    }
  });

  it("a body larger than the parser takes, sent without a length: 413, not an error of the server", async () => {
    const { errors } = await logged(async () => {
      const big = `{"identifier": "a@b.c", "password": "${"x".repeat(1_100_000)}"}`;
      const answer = await postChunked("/auth/local", [big.slice(0, 500_000), big.slice(500_000)]);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        data: null,
        error: {
          status: 413,
          name: "PayloadTooLargeError",
          message: "The request body is larger than this call accepts",
        },
      });
    });
    expect(errors).toEqual([]);
  });

  it("leaves well-formed bodies alone", async () => {
    const answer = await postRaw("/auth/forgot-password", JSON.stringify({ email: "ana@example.com", locale: "es" }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });
});

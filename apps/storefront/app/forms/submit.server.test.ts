import { beforeEach, describe, expect, it, vi } from "vitest";
import { contactSchema } from "./schemas";
import { createSubmissionLimiter } from "./submission-limit.server";
import { submitForm } from "./submit.server";

const cmsFetch = vi.hoisted(() => vi.fn());
vi.mock("~/cms.server", () => ({ cmsFetch }));

function post(fields: Record<string, string>): Request {
  return new Request("http://shop.test/contacto", { method: "POST", body: new URLSearchParams(fields) });
}

const valid = { name: "Marta Puig", email: "marta@example.test", message: "¿Repartís en Sabadell?" };

async function send(fields: Record<string, string>, visitor: string, limiter = createSubmissionLimiter(2)) {
  const result = await submitForm(post(fields), contactSchema, "/contact-messages", { locale: "ca", visitor, limiter });
  return { status: result.init?.status ?? 200, body: result.data };
}

describe("public form submission", () => {
  beforeEach(() => {
    cmsFetch.mockReset();
    cmsFetch.mockResolvedValue(new Response("{}", { status: 200 }));
  });

  it("hands a valid message to the CMS in the page's language", async () => {
    expect(await send(valid, "203.0.113.1")).toEqual({ status: 200, body: { status: "sent" } });
    expect(cmsFetch).toHaveBeenCalledWith("/contact-messages", {
      method: "POST",
      body: { ...valid, locale: "ca" },
    });
  });

  it("answers field errors and keeps what was typed, without calling the CMS", async () => {
    const { status, body } = await send({ ...valid, email: "nope" }, "203.0.113.1");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "invalid", values: { email: "nope", name: "Marta Puig" } });
    expect(cmsFetch).not.toHaveBeenCalled();
  });

  it("refuses a visitor's messages past the hourly limit, and only that visitor's", async () => {
    const limiter = createSubmissionLimiter(2);
    await send(valid, "203.0.113.7", limiter);
    await send(valid, "203.0.113.7", limiter);
    const third = await send(valid, "203.0.113.7", limiter);
    expect(third).toEqual({ status: 429, body: { status: "limited", values: valid } });
    expect((await send(valid, "198.51.100.2", limiter)).body).toEqual({ status: "sent" });
    expect(cmsFetch).toHaveBeenCalledTimes(3);
  });

  it("keeps the message when the CMS cannot take it, and does not count the try", async () => {
    const limiter = createSubmissionLimiter(1);
    cmsFetch.mockRejectedValueOnce(new Error("connection refused"));
    cmsFetch.mockResolvedValueOnce(new Response("{}", { status: 502 }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = { status: 503, body: { status: "failed", values: valid } };
    expect(await send(valid, "203.0.113.9", limiter)).toEqual(failed);
    expect(await send(valid, "203.0.113.9", limiter)).toEqual(failed);
    expect((await send(valid, "203.0.113.9", limiter)).body).toEqual({ status: "sent" });
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { contactSchema, FIELD_MAX } from "@shop/contracts";
import { submitForm } from "./submit.server";

const cmsFetch = vi.hoisted(() => vi.fn());
vi.mock("~/cms.server", () => ({ cmsFetch }));

function post(fields: Record<string, string>): Request {
  return new Request("http://shop.test/contacto", { method: "POST", body: new URLSearchParams(fields) });
}

const valid = { name: "Marta Puig", email: "marta@example.test", message: "¿Repartís en Sabadell?" };

async function send(request: Request, visitor = "203.0.113.1") {
  const result = await submitForm(request, contactSchema, "/contact-messages", { locale: "ca", visitor });
  return { status: result.init?.status ?? 200, body: result.data };
}

async function statusOfThrown(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

describe("public form submission", () => {
  beforeEach(() => {
    cmsFetch.mockReset();
    cmsFetch.mockResolvedValue(new Response("{}", { status: 200 }));
  });

  it("hands a valid message to the CMS in the page's language, with the visitor's address", async () => {
    expect(await send(post(valid), "203.0.113.1")).toEqual({ status: 200, body: { status: "sent" } });
    expect(cmsFetch).toHaveBeenCalledWith("/contact-messages", {
      method: "POST",
      body: { ...valid, locale: "ca" },
      clientIp: "203.0.113.1",
    });
  });

  it("answers field errors and keeps what was typed, without calling the CMS", async () => {
    const { status, body } = await send(post({ ...valid, email: "nope" }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "invalid", values: { email: "nope", name: "Marta Puig" } });
    expect(cmsFetch).not.toHaveBeenCalled();
  });

  it("echoes only the form's own fields, each cut at its limit", async () => {
    const huge = "x".repeat(100_000);
    const { status, body } = await send(post({ ...valid, message: huge, name: huge, extra: huge }));
    expect(status).toBe(400);
    const values = (body as { values: Record<string, string> }).values;
    expect(values.message).toHaveLength(FIELD_MAX.message);
    expect(values.name).toHaveLength(FIELD_MAX.name);
    expect(values).not.toHaveProperty("extra");
    expect(JSON.stringify(body).length).toBeLessThan(FIELD_MAX.message + FIELD_MAX.name + 1000);
  });

  it("tells the visitor when the CMS says they sent too many messages", async () => {
    cmsFetch.mockResolvedValueOnce(new Response("{}", { status: 429 }));
    expect(await send(post(valid))).toEqual({ status: 429, body: { status: "limited", values: valid } });
  });

  it("keeps the message when the CMS cannot take it", async () => {
    cmsFetch.mockRejectedValueOnce(new Error("connection refused"));
    cmsFetch.mockResolvedValueOnce(new Response("{}", { status: 502 }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = { status: 503, body: { status: "failed", values: valid } };
    expect(await send(post(valid))).toEqual(failed);
    expect(await send(post(valid))).toEqual(failed);
  });

  it("answers 400, not 500, to a body that is not a form", async () => {
    const json = new Request("http://shop.test/contacto", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(await statusOfThrown(send(json))).toBe(400);
    const brokenMultipart = new Request("http://shop.test/contacto", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nMarta',
    });
    expect(await statusOfThrown(send(brokenMultipart))).toBe(400);
    expect(cmsFetch).not.toHaveBeenCalled();
  });
});

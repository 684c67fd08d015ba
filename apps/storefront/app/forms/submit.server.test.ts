import { beforeEach, describe, expect, it, vi } from "vitest";
import { contactSchema, FIELD_MAX } from "@shop/contracts";
import { cmsError, fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import { submitForm } from "./submit.server";

const cms = useFakeCms();

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
    cms.on("POST /contact-messages", json({ data: { received: true, id: 1, documentId: "a1" }, meta: {} }, 201));
  });

  it("hands a valid message to the CMS in the page's language, with the visitor's address", async () => {
    expect(await send(post(valid), "203.0.113.1")).toEqual({ status: 200, body: { status: "sent" } });
    expect(cms.calls).toMatchObject([
      { method: "POST", path: "/contact-messages", body: { ...valid, locale: "ca" }, clientIp: "203.0.113.1" },
    ]);
  });

  it("answers field errors and keeps what was typed, without calling the CMS", async () => {
    const { status, body } = await send(post({ ...valid, email: "nope" }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "invalid", values: { email: "nope", name: "Marta Puig" } });
    expect(cms.calls).toEqual([]);
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
    cms.on("POST /contact-messages", cmsError(429, { name: "RateLimitError" }));
    expect(await send(post(valid))).toEqual({ status: 429, body: { status: "limited", values: valid } });
  });

  it("keeps the message when the CMS cannot take it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = { status: 503, body: { status: "failed", values: valid } };
    cms.on("POST /contact-messages", () => Promise.reject(new TypeError("fetch failed")));
    expect(await send(post(valid))).toEqual(failed);
    cms.on("POST /contact-messages", new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await send(post(valid))).toEqual(failed);
  });

  it("answers the CMS's field errors beside the fields, with the same codes", async () => {
    cms.on("POST /contact-messages", fieldRefusal({ email: "invalidEmail", message: "tooLong:5000" }));
    expect(await send(post(valid))).toEqual({
      status: 400,
      body: {
        status: "invalid",
        errors: { email: { code: "invalidEmail" }, message: { code: "tooLong", max: 5000 } },
        values: valid,
      },
    });
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
    expect(cms.calls).toEqual([]);
  });
});

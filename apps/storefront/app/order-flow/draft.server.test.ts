import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  calendarOf,
  DRAFT_COOKIE,
  draftCookie,
  draftTokenOf,
  errorsOfBody,
  forgetDraftCookie,
  loadDraft,
  patchDraft,
  placeOrder,
} from "./draft.server";

/** The CMS as a test plays it: every call is recorded and answered with `cms.answer`. */
const cms = vi.hoisted(() => ({
  calls: [] as { path: string; options: Record<string, unknown> }[],
  answer: (): Response | Promise<Response> => new Response("{}", { status: 500 }),
}));

vi.mock("../cms.server", () => ({
  async cmsFetch(path: string, options: Record<string, unknown> = {}) {
    cms.calls.push({ path, options });
    return cms.answer();
  },
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const emptyDraft = {
  draft: {
    postcode: null,
    purchase: null,
    frequency: null,
    boxes: [],
    extras: [],
    delivery: null,
    invoice: null,
    couponCode: null,
  },
  steps: { postcode: false, plan: false, box: false, extras: false, delivery: false },
};

const refusal = (status: number, details: unknown) =>
  json({ error: { status, name: "ValidationError", message: "Refused", details } }, status);

beforeEach(() => {
  cms.calls = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the draft's cookie", () => {
  const withCookie = (cookie: string) => new Request("http://shop.test/nuevo-pedido", { headers: { Cookie: cookie } });

  it("keeps the token httpOnly, same-site and for the draft's 14 days", () => {
    const cookie = draftCookie("abc123");
    expect(cookie).toContain(`${DRAFT_COOKIE}=abc123`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain(`Max-Age=${14 * 24 * 60 * 60}`);
    expect(forgetDraftCookie()).toContain("Max-Age=0");
  });

  it("reads back only what looks like one of our tokens", () => {
    expect(draftTokenOf(withCookie(`${DRAFT_COOKIE}=abc_123-x`))).toBe("abc_123-x");
    expect(draftTokenOf(withCookie(`${DRAFT_COOKIE}=a%20b`))).toBeNull();
    expect(draftTokenOf(withCookie(`${DRAFT_COOKIE}=${"a".repeat(300)}`))).toBeNull();
    expect(draftTokenOf(withCookie("other=1"))).toBeNull();
  });
});

describe("the CMS's refusals", () => {
  it("are keyed by the field's whole path", () => {
    expect(
      errorsOfBody({
        error: {
          details: {
            errors: [
              { path: ["boxes", 0, "exclusions"], message: "tooMany:6" },
              { path: ["boxes", 0, "exclusions"], message: "not_an_item" },
              { path: ["delivery", "date"], message: "date_not_offered" },
            ],
          },
        },
      }),
    ).toEqual({ "boxes.0.exclusions": { code: "tooMany", max: 6 }, "delivery.date": { code: "date_not_offered" } });
  });

  it("name the whole form when only a code is given", () => {
    expect(errorsOfBody({ error: { details: { code: "not_payable" } } })).toEqual({ form: { code: "not_payable" } });
    expect(errorsOfBody({})).toEqual({});
  });
});

describe("the draft's calls", () => {
  const caller = { draft: "draft-token", user: "jwt" };

  it("carry the draft's token in its header, never in the URL, and the customer's as a bearer", async () => {
    cms.answer = () => json(emptyDraft);
    expect(await loadDraft(caller)).toEqual({ ok: true, value: emptyDraft });
    expect(cms.calls[0]).toEqual({
      path: "/order-drafts/current",
      options: { token: "jwt", headers: { "x-order-draft": "draft-token" } },
    });
    await patchDraft({ draft: "draft-token", user: null }, { postcode: "08001" });
    expect(cms.calls[1]?.options).toMatchObject({ method: "PATCH", token: null, body: { postcode: "08001" } });
  });

  it("say a draft the CMS does not know is not found", async () => {
    cms.answer = () => json({ error: { status: 404 } }, 404);
    expect(await loadDraft(caller)).toEqual({ ok: false, status: "notFound" });
  });

  it("tell refusals (400) and a full slot (409) beside their fields", async () => {
    cms.answer = () => refusal(400, { errors: [{ path: ["postcode"], message: "not_covered" }] });
    expect(await patchDraft(caller, { postcode: "28001" })).toEqual({
      ok: false,
      status: "invalid",
      errors: { postcode: { code: "not_covered" } },
    });
    cms.answer = () =>
      refusal(409, { code: "slot_full", errors: [{ path: ["delivery", "slot"], message: "slot_full" }] });
    const body = {
      termsAccepted: true as const,
      marketingConsent: false,
      marketingWording: null,
      locale: "es" as const,
    };
    expect(await placeOrder({ ...caller, user: "jwt" }, body, "203.0.113.9")).toEqual({
      ok: false,
      status: "invalid",
      errors: { "delivery.slot": { code: "slot_full" } },
    });
  });

  it("treat an answer that breaks the contract, or no answer, as a failure, not an exception", async () => {
    cms.answer = () => json({ zone: "nope" });
    expect(await calendarOf("08001")).toEqual({ ok: false, status: "failed" });
    expect(cms.calls[0]?.path).toBe("/delivery/calendar?postcode=08001");
    cms.answer = () => Promise.reject(new TypeError("fetch failed"));
    expect(await loadDraft(caller)).toEqual({ ok: false, status: "failed" });
    cms.answer = () => new Response("", { status: 429, headers: { "Retry-After": "120" } });
    expect(await loadDraft(caller)).toEqual({ ok: false, status: "limited", retryAfterSeconds: 120 });
  });
});

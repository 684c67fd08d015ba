import { beforeEach, describe, expect, it, vi } from "vitest";
import { fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import {
  calendarOf,
  DRAFT_COOKIE,
  draftCookie,
  draftTokenOf,
  forgetDraftCookie,
  loadDraft,
  patchDraft,
  placeOrder,
} from "./draft.server";
import { readCookies } from "../session.server";

const cms = useFakeCms();

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
    referralCode: null,
  },
  steps: { postcode: false, plan: false, box: false, extras: false, delivery: false },
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the draft's cookie", () => {
  // As the request context parses them (server/request-context.ts).
  const withCookie = (cookie: string) => readCookies(cookie);

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

describe("the draft's calls", () => {
  const caller = { draft: "draft-token", user: "jwt" };

  it("carry the draft's token in its header, never in the URL, and the customer's as a bearer", async () => {
    cms.on("GET /order-drafts/current", json(emptyDraft)).on("PATCH /order-drafts/current", json(emptyDraft));
    expect(await loadDraft(caller)).toEqual({ ok: true, value: emptyDraft });
    expect(cms.calls[0]).toMatchObject({
      method: "GET",
      path: "/order-drafts/current",
      token: "jwt",
      draft: "draft-token",
    });
    await patchDraft({ draft: "draft-token", user: null }, { postcode: "08001" });
    expect(cms.calls[1]).toMatchObject({
      method: "PATCH",
      token: null,
      draft: "draft-token",
      body: { postcode: "08001" },
    });
  });

  it("say a draft the CMS does not know is not found", async () => {
    cms.on("GET /order-drafts/current", json({ error: { status: 404, name: "NotFoundError" } }, 404));
    expect(await loadDraft(caller)).toMatchObject({ ok: false, status: "notFound" });
  });

  it("tell refusals (400) and a full slot (409) beside their fields", async () => {
    cms.on("PATCH /order-drafts/current", fieldRefusal({ postcode: "not_covered" }));
    expect(await patchDraft(caller, { postcode: "28001" })).toMatchObject({
      ok: false,
      status: "invalid",
      errors: { postcode: { code: "not_covered" } },
    });
    cms.on("POST /orders", fieldRefusal({ "delivery.slot": "slot_full" }, 409));
    const body = {
      termsAccepted: true as const,
      marketingConsent: false,
      marketingWording: null,
      locale: "es" as const,
    };
    expect(await placeOrder({ ...caller, user: "jwt" }, body, "203.0.113.9")).toMatchObject({
      ok: false,
      status: "invalid",
      errors: { "delivery.slot": { code: "slot_full" } },
    });
    expect(cms.callsTo("POST /orders")[0]).toMatchObject({ clientIp: "203.0.113.9", draft: "draft-token", body });
  });

  it("ask for the calendar of a postcode in the query, and check the answer with its contract", async () => {
    cms.on("GET /delivery/calendar", json({ zone: "nope" }));
    expect(await calendarOf("08001")).toMatchObject({ ok: false, status: "failed" });
    expect(cms.calls[0]?.path).toBe("/delivery/calendar?postcode=08001");
  });
});

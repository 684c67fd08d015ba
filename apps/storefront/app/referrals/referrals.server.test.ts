import { EMPTY_ORDER_DRAFT, type OrderDraft } from "@shop/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import { readCookies } from "../session.server";
import { carryReferralCode, REFERRAL_COOKIE, referralCodeOf } from "./referrals.server";

const cms = useFakeCms();
const caller = { draft: "draft-token", user: "jwt" };
const answer = (draft: OrderDraft) => ({
  draft,
  steps: { postcode: true, plan: false, box: false, extras: false, delivery: false },
});
const withCode = (code: string | null) => ({ ...EMPTY_ORDER_DRAFT, postcode: "08001", referralCode: code });

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a share link's code on its way into the draft", () => {
  it("reads only what looks like a code, in upper case", () => {
    expect(referralCodeOf(" k7m2xq9p ")).toBe("K7M2XQ9P");
    expect(referralCodeOf("K7M2XQ9")).toBeNull();
    expect(referralCodeOf("K7M2XQ9O")).toBeNull();
    expect(referralCodeOf(undefined)).toBeNull();
  });

  it("is kept in a cookie while the visitor has no draft, and asks the CMS nothing", async () => {
    const cookies = await carryReferralCode({
      url: "https://shop.test/nuevo-pedido?ref=k7m2xq9p",
      cookies: readCookies(""),
      caller: null,
      draft: null,
    });
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${REFERRAL_COOKIE}=K7M2XQ9P;.*HttpOnly`, "i"));
    expect(cms.calls).toHaveLength(0);
  });

  it("goes into the draft once there is one, and the cookie goes", async () => {
    cms.on("PATCH /order-drafts/current", json(answer(withCode("K7M2XQ9P"))));
    const cookies = await carryReferralCode({
      url: "https://shop.test/nuevo-pedido?step=box",
      cookies: readCookies(`${REFERRAL_COOKIE}=K7M2XQ9P`),
      caller,
      draft: withCode(null),
    });
    expect(cms.calls[0]).toMatchObject({ method: "PATCH", body: { referralCode: "K7M2XQ9P" }, draft: "draft-token" });
    expect(cookies).toEqual([expect.stringContaining("Max-Age=0")]);
  });

  it("a code nobody has is dropped; a draft that has one keeps it", async () => {
    cms.on("PATCH /order-drafts/current", fieldRefusal({ referralCode: "unknown" }));
    const refused = await carryReferralCode({
      url: "https://shop.test/nuevo-pedido",
      cookies: readCookies(`${REFERRAL_COOKIE}=K7M2XQ9P`),
      caller,
      draft: withCode(null),
    });
    expect(refused).toEqual([expect.stringContaining("Max-Age=0")]);
    const kept = await carryReferralCode({
      url: "https://shop.test/nuevo-pedido",
      cookies: readCookies(`${REFERRAL_COOKIE}=AAAAAAAA`),
      caller,
      draft: withCode("K7M2XQ9P"),
    });
    expect(kept).toEqual([expect.stringContaining("Max-Age=0")]);
    expect(cms.calls).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { deleteAccountBody, newsletterSubscribeBody, newsletterTokenBody, referralCodeSchema } from "./account-data";

describe("newsletter and account data contracts", () => {
  it("a visitor's subscription keeps the wording, defaults the source, and takes no other keys", () => {
    const body = { email: " Ana@Example.COM ", locale: "ca", wording: "Vull rebre la newsletter." };
    expect(newsletterSubscribeBody.parse(body)).toEqual({ ...body, email: "ana@example.com", source: "footer" });
    expect(newsletterSubscribeBody.safeParse({ ...body, wording: " " }).error?.issues[0]?.path).toEqual(["wording"]);
    expect(newsletterSubscribeBody.safeParse({ ...body, source: "account" }).success).toBe(false);
    expect(newsletterSubscribeBody.safeParse({ ...body, userId: 1 }).success).toBe(false);
    expect(newsletterSubscribeBody.safeParse({ ...body, locale: "en" }).success).toBe(false);
  });

  it("a link's token is a short string", () => {
    expect(newsletterTokenBody.safeParse({ token: "a".repeat(64) }).success).toBe(true);
    for (const token of ["", "a".repeat(300), 42, null]) {
      expect(newsletterTokenBody.safeParse({ token }).success).toBe(false);
    }
  });

  it("deleting the account must be confirmed; the password is optional here, checked by the CMS", () => {
    expect(deleteAccountBody.safeParse({ confirm: true }).success).toBe(true);
    expect(deleteAccountBody.safeParse({ confirm: true, currentPassword: "x" }).success).toBe(true);
    for (const body of [{}, { confirm: false }, { confirm: "true" }, { confirm: true, currentPassword: "" }]) {
      expect(deleteAccountBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(deleteAccountBody.safeParse({ confirm: true, userId: 2 }).success).toBe(false);
  });

  it("a referral code is eight characters nobody misreads", () => {
    expect(referralCodeSchema.safeParse("K7M2XQ9P").success).toBe(true);
    for (const code of ["K7M2XQ9", "K7M2XQ9PA", "K7M2XQ0P", "K7M2XQIP", "K7M2XQLP", "K7M2XQOP", "k7m2xq9p"]) {
      expect(referralCodeSchema.safeParse(code).success, code).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { addressBody, changePasswordBody, profileBody, registerBody, signInCodeBody } from "./account";

describe("account contracts", () => {
  it("registration: lower-case e-mail, the length rule, and no keys it does not take", () => {
    expect(registerBody.parse({ email: " Ana@Example.COM ", password: "Kiwi-Tractor-93" })).toMatchObject({
      email: "ana@example.com",
      preferredLocale: "es",
      firstName: null,
    });
    const short = registerBody.safeParse({ email: "ana@example.com", password: "abc" });
    expect(short.error?.issues[0]?.message).toBe("passwordTooShort:8");
    for (const extra of [{ role: 1 }, { confirmed: true }, { username: "x" }, { provider: "google" }]) {
      expect(registerBody.safeParse({ email: "ana@example.com", password: "Kiwi-Tractor-93", ...extra }).success).toBe(
        false,
      );
    }
  });

  it("a new password is confirmed by typing it twice", () => {
    const result = changePasswordBody.safeParse({
      currentPassword: "x",
      password: "Kiwi-Tractor-93",
      passwordConfirmation: "y",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["passwordConfirmation", "passwordMismatch"],
    ]);
  });

  it("a company needs its name and a valid tax id, stored in one spelling", () => {
    const company = { preferredLocale: "ca", customerKind: "company", companyName: "Fruites SL" };
    expect(profileBody.parse({ ...company, taxId: "b-12.345.674" }).taxId).toBe("B12345674");
    expect(profileBody.safeParse({ ...company, taxId: "B12345675" }).error?.issues[0]?.message).toBe("invalidTaxId");
    expect(profileBody.safeParse(company).error?.issues[0]?.path).toEqual(["taxId"]);
    expect(profileBody.parse({ preferredLocale: "es" })).toMatchObject({
      customerKind: "consumer",
      taxId: null,
      phone: null,
    });
  });

  it("postal codes follow the address's country", () => {
    const address = { fullName: "Ana", line1: "Calle Mayor 1", city: "Madrid" };
    expect(addressBody.safeParse({ ...address, postalCode: "28013" }).success).toBe(true);
    expect(addressBody.safeParse({ ...address, postalCode: "53001" }).success).toBe(false);
    expect(addressBody.safeParse({ ...address, postalCode: "1100-053", country: "PT" }).success).toBe(true);
    expect(addressBody.safeParse({ ...address, postalCode: "28013", country: "PT" }).success).toBe(false);
  });

  it("a sign-in code is six digits", () => {
    expect(signInCodeBody.safeParse({ email: "a@b.es", code: "012345" }).success).toBe(true);
    for (const code of ["12345", "1234567", "12a456", " 123456 x"]) {
      expect(signInCodeBody.safeParse({ email: "a@b.es", code }).success).toBe(false);
    }
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { confirmEmailFromLink } from "./email-confirmation.server";

const cms = useFakeCms();

const link = new URL("http://shop.test/ca/iniciar-sessio?confirmation=abc123");
const flashOf = (response: Response | null) => /shop_flash=(\w+)/.exec(response?.headers.get("Set-Cookie") ?? "")?.[1];

describe("the e-mailed confirmation link", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("is not handled on a sign-in page without one", async () => {
    expect(
      await confirmEmailFromLink(new URL("http://shop.test/iniciar-sesion"), { locale: "es", signedInAs: null }),
    ).toBeNull();
    expect(cms.calls).toEqual([]);
  });

  it("confirms, then sends a signed-out visitor to sign in and a signed-in one to the account, with a notice", async () => {
    cms.on("POST /auth/email-confirmation", json({ user: { id: 7 } }));
    const signedOut = await confirmEmailFromLink(link, { locale: "ca", signedInAs: null });
    expect(signedOut?.headers.get("Location")).toBe("/ca/iniciar-sessio");
    expect(flashOf(signedOut)).toBe("emailConfirmed");
    const signedIn = await confirmEmailFromLink(link, { locale: "ca", signedInAs: 7 });
    expect(signedIn?.headers.get("Location")).toBe("/ca/el-meu-compte");
    expect(flashOf(signedIn)).toBe("emailConfirmed");
    expect(cms.calls[0]).toMatchObject({ method: "POST", body: { confirmation: "abc123" } });
  });

  it("does not tell a customer their own address is confirmed when the link was another account's", async () => {
    cms.on("POST /auth/email-confirmation", json({ user: { id: 8 } }));
    expect(flashOf(await confirmEmailFromLink(link, { locale: "ca", signedInAs: 7 }))).toBe("otherEmailConfirmed");
  });

  it("says a spent or broken link failed, without asking the CMS about a token that cannot be one", async () => {
    cms.on(
      "POST /auth/email-confirmation",
      cmsError(400, { name: "ValidationError", details: { code: "invalidToken" } }),
    );
    expect(flashOf(await confirmEmailFromLink(link, { locale: "ca", signedInAs: null }))).toBe("confirmationFailed");
    const huge = new URL(`http://shop.test/iniciar-sesion?confirmation=${"a".repeat(300)}`);
    cms.calls.length = 0;
    expect(flashOf(await confirmEmailFromLink(huge, { locale: "es", signedInAs: null }))).toBe("confirmationFailed");
    expect(cms.calls).toEqual([]);
  });
});

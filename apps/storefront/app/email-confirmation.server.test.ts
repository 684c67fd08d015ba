import { beforeEach, describe, expect, it, vi } from "vitest";
import { confirmEmailFromLink } from "./email-confirmation.server";

const cmsFetch = vi.hoisted(() => vi.fn());
vi.mock("./cms.server", () => ({ cmsFetch }));

const link = new URL("http://shop.test/ca/iniciar-sessio?confirmation=abc123");
const flashOf = (response: Response | null) => /shop_flash=(\w+)/.exec(response?.headers.get("Set-Cookie") ?? "")?.[1];

describe("the e-mailed confirmation link", () => {
  beforeEach(() => cmsFetch.mockReset());

  it("is not handled on a sign-in page without one", async () => {
    expect(
      await confirmEmailFromLink(new URL("http://shop.test/iniciar-sesion"), { locale: "es", signedInAs: null }),
    ).toBeNull();
    expect(cmsFetch).not.toHaveBeenCalled();
  });

  it("confirms, then sends a signed-out visitor to sign in and a signed-in one to the account, with a notice", async () => {
    cmsFetch.mockImplementation(async () => Response.json({ user: { id: 7 } }));
    const signedOut = await confirmEmailFromLink(link, { locale: "ca", signedInAs: null });
    expect(signedOut?.headers.get("Location")).toBe("/ca/iniciar-sessio");
    expect(flashOf(signedOut)).toBe("emailConfirmed");
    const signedIn = await confirmEmailFromLink(link, { locale: "ca", signedInAs: 7 });
    expect(signedIn?.headers.get("Location")).toBe("/ca/el-meu-compte");
    expect(flashOf(signedIn)).toBe("emailConfirmed");
    expect(cmsFetch.mock.calls[0]?.[1]).toMatchObject({ method: "POST", body: { confirmation: "abc123" } });
  });

  it("does not tell a customer their own address is confirmed when the link was another account's", async () => {
    cmsFetch.mockImplementation(async () => Response.json({ user: { id: 8 } }));
    expect(flashOf(await confirmEmailFromLink(link, { locale: "ca", signedInAs: 7 }))).toBe("otherEmailConfirmed");
  });

  it("says a spent or broken link failed, without asking the CMS about a token that cannot be one", async () => {
    cmsFetch.mockImplementation(async () =>
      Response.json({ error: { details: { code: "invalidToken" } } }, { status: 400 }),
    );
    expect(flashOf(await confirmEmailFromLink(link, { locale: "ca", signedInAs: null }))).toBe("confirmationFailed");
    const huge = new URL(`http://shop.test/iniciar-sesion?confirmation=${"a".repeat(300)}`);
    cmsFetch.mockClear();
    expect(flashOf(await confirmEmailFromLink(huge, { locale: "es", signedInAs: null }))).toBe("confirmationFailed");
    expect(cmsFetch).not.toHaveBeenCalled();
  });
});

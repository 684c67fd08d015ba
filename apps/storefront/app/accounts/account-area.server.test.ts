import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, useFakeCms } from "../../tests/fake-cms";
import { visitOf } from "../../tests/visit";
import {
  addressFromForm,
  deletionFromForm,
  documentIdOf,
  echoOf,
  exportedData,
  isOneClickUnsubscribe,
  linkTokenOf,
  loadForPage,
  postalCodeOf,
  profileFromForm,
  spendLinkToken,
} from "./account-area.server";

const cms = useFakeCms();

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the profile form", () => {
  const person = { firstName: "Marta", lastName: "Puig", phone: "", preferredLocale: "ca", customerKind: "consumer" };

  it("sends the whole profile, blanks as none", () => {
    expect(profileFromForm(person)).toEqual({
      ok: true,
      body: {
        firstName: "Marta",
        lastName: "Puig",
        phone: null,
        preferredLocale: "ca",
        customerKind: "consumer",
        companyName: null,
        taxId: null,
      },
    });
  });

  it("clears a consumer's hidden company fields instead of keeping or checking them", () => {
    const parsed = profileFromForm({ ...person, companyName: "Fruites SL", taxId: "not a tax id" });
    expect(parsed.ok && parsed.body).toMatchObject({ companyName: null, taxId: null });
  });

  it("asks a company for its name and a valid tax id, each beside its field", () => {
    expect(profileFromForm({ ...person, customerKind: "company", companyName: "", taxId: "B1234" })).toEqual({
      ok: false,
      errors: { companyName: { code: "required" }, taxId: { code: "invalidTaxId" } },
    });
    const company = profileFromForm({
      ...person,
      customerKind: "company",
      companyName: "Fruites SL",
      taxId: "b12345674",
    });
    expect(company.ok && company.body).toMatchObject({ companyName: "Fruites SL", taxId: "B12345674" });
  });

  it("refuses a language the shop does not speak", () => {
    expect(profileFromForm({ ...person, preferredLocale: "en" })).toEqual({
      ok: false,
      errors: { preferredLocale: { code: "invalidChoice" } },
    });
  });
});

describe("the address form", () => {
  const address = {
    fullName: "Marta Puig",
    line1: "Carrer Major 1",
    postalCode: "08001",
    city: "Barcelona",
    country: "ES",
  };

  it("reads unticked boxes as false and ticked ones as true", () => {
    const parsed = addressFromForm({ ...address, isDefaultBilling: "true" });
    expect(parsed.ok && parsed.body).toMatchObject({ isDefaultDelivery: false, isDefaultBilling: true, label: null });
  });

  it("checks the postal code against the chosen country", () => {
    expect(addressFromForm({ ...address, country: "PT" })).toEqual({
      ok: false,
      errors: { postalCode: { code: "invalidPostalCode" } },
    });
    const lisbon = addressFromForm({ ...address, country: "PT", postalCode: "1100 148" });
    expect(lisbon.ok && lisbon.body.postalCode).toBe("1100-148");
  });

  it("says which required field is missing", () => {
    expect(addressFromForm({ country: "ES" })).toMatchObject({
      ok: false,
      errors: { fullName: { code: "required" }, line1: { code: "required" }, city: { code: "required" } },
    });
  });

  it("writes Portuguese postal codes with their dash and drops spaces", () => {
    expect(postalCodeOf(" 1000001 ", "PT")).toBe("1000-001");
    expect(postalCodeOf("08 001", "ES")).toBe("08001");
    expect(postalCodeOf("1000001", "ES")).toBe("1000001");
  });

  it("takes only document ids, never a path", () => {
    expect(documentIdOf("abc123XYZ")).toBe("abc123XYZ");
    for (const bad of ["", "../me", "a/b", "a?b", "x".repeat(65), undefined]) expect(documentIdOf(bad)).toBeNull();
  });
});

describe("what a refused form shows again", () => {
  it("echoes texts cut at their limits and choices only when they are options", () => {
    const values = echoOf(
      {
        firstName: "M".repeat(100),
        preferredLocale: "en",
        customerKind: "company",
        country: "FR",
        isDefaultDelivery: "true",
      },
      ["firstName", "preferredLocale", "customerKind", "country", "isDefaultDelivery", "isDefaultBilling"],
    );
    expect(values).toEqual({ firstName: "M".repeat(80), customerKind: "company", isDefaultDelivery: "true" });
  });
});

describe("the deletion form", () => {
  it("needs the box ticked, and sends the password only when typed", () => {
    expect(deletionFromForm({})).toEqual({ ok: false, errors: { confirm: { code: "required" } } });
    expect(deletionFromForm({ confirm: "true", currentPassword: "" })).toEqual({ ok: true, body: { confirm: true } });
    expect(deletionFromForm({ confirm: "true", currentPassword: " secret " })).toEqual({
      ok: true,
      body: { confirm: true, currentPassword: " secret " },
    });
  });
});

describe("account pages' loads", () => {
  const request = (cookie?: string) =>
    new Request("http://shop.test/ca/el-meu-compte/perfil.data?address=new", {
      headers: cookie ? { Cookie: cookie } : {},
    });
  const contract = { parse: (value: unknown) => value };

  it("sends a visitor without a session to sign in, coming back to the page", async () => {
    const thrown = await loadForPage(visitOf(request(), { locale: "ca", token: null }), "/users/me", contract).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("Location");
    expect(location).toBe(`/ca/iniciar-sessio?redirect=${encodeURIComponent("/ca/el-meu-compte/perfil?address=new")}`);
    expect(cms.calls).toEqual([]);
  });

  it("sends a customer whose token the CMS refuses to sign in again", async () => {
    cms.otherwise(() => json({}, 401));
    const thrown = await loadForPage(visitOf(request(), { locale: "ca", token: "t" }), "/users/me", contract).catch(
      (e: unknown) => e,
    );
    expect((thrown as Response).status).toBe(302);
    expect(cms.calls[0]?.token).toBe("t");
  });

  it("gives null when the CMS cannot answer, so the page can say so", async () => {
    cms.otherwise(() => Promise.reject(new Error("ECONNREFUSED")));
    expect(await loadForPage(visitOf(request(), { locale: "ca", token: "t" }), "/users/me", contract)).toBeNull();
  });
});

describe("the data download", () => {
  it("passes the CMS's JSON on as a private attachment", async () => {
    cms.otherwise(() =>
      json({ account: {} }, 200, { "Content-Disposition": 'attachment; filename="imperfecta-2026-03-03.json"' }),
    );
    const copy = await exportedData("t");
    expect(copy).toBeInstanceOf(Response);
    const response = copy as Response;
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="imperfecta-2026-03-03.json"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ account: {} });
    expect(cms.calls).toMatchObject([{ method: "GET", path: "/users/me/export", token: "t" }]);
  });

  it("names the file itself when the CMS does not, and never passes on what is not JSON", async () => {
    cms.otherwise(() => json({}));
    expect(((await exportedData("t")) as Response).headers.get("Content-Disposition")).toMatch(/^attachment;/);
    cms.otherwise(() => new Response("<html>", { headers: { "Content-Type": "text/html" } }));
    expect(await exportedData("t")).toBeNull();
    cms.otherwise(() => json({}, 401));
    expect(await exportedData("t")).toBe("signedOut");
  });
});

describe("the newsletter's e-mailed links", () => {
  const TOKEN = "a".repeat(64);

  it("tells a mail provider's one-click unsubscribe from a person's button", () => {
    expect(isOneClickUnsubscribe({ "List-Unsubscribe": "One-Click" })).toBe(true);
    expect(isOneClickUnsubscribe({ token: TOKEN })).toBe(false);
  });

  it("takes the posted token, else the link's own", () => {
    const request = new Request(`http://shop.test/newsletter/baja?token=${TOKEN}`, { method: "POST" });
    expect(linkTokenOf(request, {})).toBe(TOKEN);
    expect(linkTokenOf(request, { token: "b" })).toBe("b");
    expect(linkTokenOf(new Request("http://shop.test/newsletter/baja"), {})).toBeNull();
  });

  it("says what the CMS answered, with the matching status", async () => {
    cms.otherwise(() => json({ status: "subscribed", email: "ana@example.test" }));
    const confirmed = await spendLinkToken(TOKEN, "confirm", "203.0.113.5");
    expect(confirmed.data).toEqual({ outcome: "subscribed", email: "ana@example.test" });
    expect(cms.calls).toMatchObject([
      { method: "POST", path: "/newsletter/confirm", body: { token: TOKEN }, clientIp: "203.0.113.5" },
    ]);

    cms.otherwise(() => json({ status: "unsubscribed" }));
    expect((await spendLinkToken(TOKEN, "unsubscribe", "203.0.113.5")).data).toEqual({ outcome: "unsubscribed" });

    cms.otherwise(() => json({ error: { details: { code: "invalidToken" } } }, 400));
    const spent = await spendLinkToken(TOKEN, "confirm", "203.0.113.5");
    expect([spent.data, spent.init?.status]).toEqual([{ outcome: "invalid" }, 400]);

    cms.otherwise(() => json({}, 429, { "Retry-After": "90" }));
    const limited = await spendLinkToken(TOKEN, "confirm", "203.0.113.5");
    expect([limited.data, limited.init?.status]).toEqual([{ outcome: "limited", retryAfterMinutes: 2 }, 429]);

    cms.otherwise(() => json({}, 500));
    expect((await spendLinkToken(TOKEN, "unsubscribe", "203.0.113.5")).init?.status).toBe(503);
  });

  it("refuses a missing or oversized token without asking the CMS", async () => {
    for (const token of [null, "", "x".repeat(300)]) {
      expect((await spendLinkToken(token, "confirm", "203.0.113.5")).init?.status).toBe(400);
    }
    expect(cms.calls).toEqual([]);
  });
});

import { pathTo } from "@shop/routing";
import { describe, expect, it } from "vitest";
import { cmsError, fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import { customerOf, visitOf } from "../../tests/visit";
import { profileAction } from "./profile.server";

// The profile page's four forms, answered by accounts/profile.server (routes/profile.tsx only hands
// the visit over): each form's checks, its one CMS call and what the page is told.

const cms = useFakeCms();

const ADDRESS_ID = "k3x9addr0000000000000001";

function post(fields: Record<string, string>, options: Parameters<typeof visitOf>[1] = {}) {
  const request = new Request("http://shop.test/es/mi-cuenta/datos", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return profileAction(visitOf(request, options));
}

/** What a thrown or returned data(...) carries: its body and status. */
const dataOf = (answer: unknown) => answer as { data: Record<string, unknown>; init: { status?: number } | null };

describe("the profile page's forms", () => {
  it("refuses a form with an unknown intent with a 400 that names the known ones, asking the CMS nothing", async () => {
    const thrown = await post({ intent: "becomeAdmin" }).catch((error: unknown) => error);
    expect(dataOf(thrown).init?.status).toBe(400);
    expect(String(dataOf(thrown).data)).toContain("intent=profile, address, deleteAddress, password or deleteAccount");
    expect(cms.callsTo("PUT /users/me")).toHaveLength(0);
  });

  it("sends a signed-out visitor to sign in, coming back to the profile", async () => {
    const thrown = await post({ intent: "profile" }, { token: null }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("Location") ?? "";
    expect(location.startsWith(pathTo("login", "es"))).toBe(true);
    expect(decodeURIComponent(location)).toContain("/es/mi-cuenta/datos");
  });

  it("saves the personal data with one PUT /users/me and says it is saved", async () => {
    cms.on("PUT /users/me", json(customerOf({ firstName: "Ana" })));
    const answer = await post({
      intent: "profile",
      firstName: "Ana",
      lastName: "Puig",
      phone: "",
      preferredLocale: "ca",
      customerKind: "consumer",
    });
    expect(answer).toEqual({ done: "profile" });
    const [call] = cms.callsTo("PUT /users/me");
    expect(call?.token).toBe("jwt-of-marta");
    expect(call?.body).toMatchObject({ firstName: "Ana", phone: null, preferredLocale: "ca" });
  });

  it("refuses a company without a name beside its field, echoing what was typed, before any CMS call", async () => {
    const answer = dataOf(
      await post({
        intent: "profile",
        firstName: "Ana",
        lastName: "Puig",
        customerKind: "company",
        companyName: "",
        taxId: "B12345674",
      }),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      status: "invalid",
      intent: "profile",
      errors: { companyName: { code: "required" } },
      values: { firstName: "Ana", taxId: "B12345674" },
    });
    expect(cms.callsTo("PUT /users/me")).toHaveLength(0);
  });

  it("passes the CMS's field refusal on beside the form", async () => {
    cms.on("PUT /users/me", fieldRefusal({ phone: "invalidPhone" }));
    const answer = dataOf(
      await post({ intent: "profile", firstName: "Ana", lastName: "Puig", phone: "12", customerKind: "consumer" }),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      status: "invalid",
      intent: "profile",
      errors: { phone: { code: "invalidPhone" } },
    });
  });

  it("sends the customer to sign in again when the CMS no longer believes the token", async () => {
    cms.on("PUT /users/me", cmsError(401, { name: "UnauthorizedError" }));
    const thrown = await post({
      intent: "profile",
      firstName: "Ana",
      lastName: "Puig",
      phone: "",
      preferredLocale: "es",
      customerKind: "consumer",
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")?.startsWith(pathTo("login", "es"))).toBe(true);
  });

  it("refuses to delete an address whose id is malformed, asking the CMS nothing", async () => {
    const answer = dataOf(await post({ intent: "deleteAddress", documentId: "../users" }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ intent: "deleteAddress", errors: { form: { code: "invalid" } } });
    expect(cms.callsTo("DELETE /users/me/addresses/../users")).toHaveLength(0);
  });

  it("says an address is gone (404) when the CMS no longer has it, rather than 'try later'", async () => {
    cms
      .on(`DELETE /users/me/addresses/${ADDRESS_ID}`, cmsError(404, { name: "NotFoundError" }))
      .on("GET /users/me/addresses", json({ data: [] }));
    const answer = dataOf(await post({ intent: "deleteAddress", documentId: ADDRESS_ID }));
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ missingAddress: true });
  });

  it("deletes an address the customer has", async () => {
    cms.on(`DELETE /users/me/addresses/${ADDRESS_ID}`, json({ ok: true }));
    expect(await post({ intent: "deleteAddress", documentId: ADDRESS_ID })).toEqual({ done: "addressDeleted" });
  });

  it("changes the password: the new token signs this device in again and a notice says so", async () => {
    cms.on("POST /auth/change-password", json({ jwt: "jwt-after-change", user: customerOf() }));
    const answer = (await post({
      intent: "password",
      currentPassword: "old correct horse 1",
      password: "new battery staple 42",
      passwordConfirmation: "new battery staple 42",
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(pathTo("profile", "es"));
    const cookies = answer.headers.getSetCookie().join("\n");
    expect(cookies).toContain("jwt-after-change");
    expect(cookies).toContain("passwordChanged");
    expect(cms.callsTo("POST /auth/change-password")[0]?.body).toMatchObject({ password: "new battery staple 42" });
  });

  it("refuses a password change whose confirmation differs, before any CMS call, without echoing passwords", async () => {
    const answer = dataOf(
      await post({
        intent: "password",
        currentPassword: "old correct horse 1",
        password: "new battery staple 42",
        passwordConfirmation: "new battery staple 43",
      }),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ intent: "password", values: {} });
    expect(cms.callsTo("POST /auth/change-password")).toHaveLength(0);
  });
});

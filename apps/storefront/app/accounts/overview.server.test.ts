import { describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { thrown, visitOf } from "../../tests/visit";
import { loadOverview } from "./overview.server";

// An account page's own data in one CMS call (docs/decisions/024): what it asks, and its refusals.

const cms = useFakeCms();

const visit = (path: string) => visitOf(new Request(`http://shop.test${path}`));

describe("an account page's overview", () => {
  it("asks for the page's parts in one call with the customer's token, and gives the answer checked", async () => {
    cms.on("GET /users/me/overview", json({ orders: [], subscriptions: [] }));
    const overview = await loadOverview(visit("/mi-cuenta"), { orders: 20, include: ["subscriptions"] });
    expect(overview).toEqual({ orders: [], subscriptions: [] });
    expect(cms.calls).toMatchObject([
      { method: "GET", path: "/users/me/overview?include=subscriptions&orders=20", token: "jwt-of-marta" },
    ]);
  });

  it("is null when the CMS cannot answer, or answers out of contract", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    cms.on("GET /users/me/overview", cmsError(500));
    expect(await loadOverview(visit("/mi-cuenta/perfil"), { include: ["addresses", "cards"] })).toBeNull();
    cms.on("GET /users/me/overview", json({ addresses: "none" }));
    expect(await loadOverview(visit("/mi-cuenta/perfil"), { include: ["addresses", "cards"] })).toBeNull();
  });

  it("sends a customer whose token the CMS refuses to sign in again, back to the page", async () => {
    cms.on("GET /users/me/overview", cmsError(401));
    const refusal = await thrown(loadOverview(visit("/mi-cuenta/perfil"), { include: ["addresses"] }));
    expect(refusal.status).toBe(302);
    expect(decodeURIComponent(refusal.location ?? "")).toContain("/mi-cuenta/perfil");
  });

  it("answers the 404 page for a subscription that is not the customer's", async () => {
    cms.on("GET /users/me/overview", cmsError(404, { name: "NotFoundError" }));
    expect(await thrown(loadOverview(visit("/mi-cuenta/suscripciones/other1"), { subscription: "other1" }))).toEqual({
      status: 404,
      location: null,
    });
  });
});

import type { SubscriptionSummary } from "@shop/contracts";
import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { visitOf } from "../../tests/visit";
import { loader } from "./account";

// The account home's CMS calls per view: the session comes with the request's context, and the
// orders' page and the subscriptions' list come in one call (decision 024).

const cms = useFakeCms();

const SUBSCRIPTION: SubscriptionSummary = {
  id: "sub7abc",
  status: "active",
  frequency: "fortnightly",
  weekday: 5,
  contents: { boxes: [{ productId: 7, name: "Caixa mixta M", quantity: 1, exclusions: [] }], extras: [] },
  pricePerDelivery: 2490,
  nextDelivery: { date: "2030-01-04", cutoff: "2030-01-02T07:00:00.000Z", locked: false },
};

async function home() {
  const { request, context } = visitOf(new Request("http://shop.test/ca/el-meu-compte"), { locale: "ca" });
  const full = { ...context, dataRequest: false, screen: null, cspNonce: "n" } as unknown as AppLoadContext;
  return loader({ request, context: full, params: {} } as Parameters<typeof loader>[0]);
}

describe("the account home", () => {
  it("shows each subscription's next delivery with one CMS call in all", async () => {
    cms.on("GET /users/me/overview", json({ orders: [], subscriptions: [SUBSCRIPTION] }));
    const data = await home();
    expect(cms.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /users/me/overview?include=subscriptions&orders=20",
    ]);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ id: "sub7abc", headline: "Caixa mixta M", statusText: "Activa" }),
    ]);
    expect(data.subscriptions?.[0]?.next?.day).toBe("divendres, 4 de gener del 2030");
  });

  it("still shows the orders when the CMS could not read the subscriptions (that part null)", async () => {
    cms.on("GET /users/me/overview", json({ orders: [], subscriptions: null }));
    const data = await home();
    expect(data.orders).toEqual({ next: null, recent: [] });
    expect(data.subscriptions).toBeNull();
  });

  it("says so, for the orders and the subscriptions, when the CMS cannot answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    cms.on("GET /users/me/overview", cmsError(503));
    const data = await home();
    expect(data.subscriptions).toBeNull();
    expect(data.orders).toBeNull();
  });
});

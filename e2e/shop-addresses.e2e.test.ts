import { pathTo } from "@shop/routing";
import { describe, expect, inject, it } from "vitest";
import { registerCustomer } from "./support/accounts";
import { mailedValue } from "./support/outbox";

// The shop under test is the README's `npm start` on free ports (e2e/support/global-setup.ts): these
// check that its addresses agree with each other on ports that are not the defaults.
const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const outboxDir = inject("outboxDir");

describe("the shop's addresses under npm start on other ports", () => {
  it("names the storefront localhost at its own port, not the default one", () => {
    const site = new URL(storefrontUrl);
    expect(site.hostname).toBe("localhost");
    expect(site.port).not.toBe("3000");
  });

  it("sends a page asked for at 127.0.0.1 to the same page at the shop's one origin", async () => {
    const other = new URL(storefrontUrl);
    other.hostname = "127.0.0.1";
    const boxes = pathTo("boxes", "ca");
    const response = await fetch(`${other.origin}${boxes}?page=2`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${storefrontUrl}${boxes}?page=2`);
    // Health checks are answered at any name: a load balancer calls them by the machine's address.
    expect((await fetch(`${other.origin}/healthz`, { redirect: "manual" })).status).toBe(200);
  });

  it("writes the storefront's origin, with its port, into the links of e-mails", async () => {
    const customer = await registerCustomer(cmsUrl);
    const link = await mailedValue(outboxDir, customer.email, /(https?:\/\/[^\s"<>]*confirmation=[0-9a-f]+)/);
    expect(new URL(link).origin).toBe(storefrontUrl);
  });
});

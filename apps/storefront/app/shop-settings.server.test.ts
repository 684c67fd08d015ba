import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../tests/fake-cms";
import { forgetShopSettings, getShopSettings } from "./shop-settings.server";

const cms = useFakeCms();

const saved = {
  legalName: "Imperfecta Alimentos Rescatados, S.L.",
  taxId: "B12345674",
  registration: null,
  streetAddress: null,
  postalCode: null,
  locality: null,
  region: null,
  country: null,
  email: "hola@demo.local",
  phone: null,
  openingHours_es: null,
  openingHours_ca: null,
  openingHours_pt: null,
  socialLinks: [],
  paymentMethods: ["card"],
  updatedAt: null,
};

describe("the shop settings the pages show", () => {
  beforeEach(() => {
    forgetShopSettings();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });

  it("are the CMS's answer, checked against the contract", async () => {
    cms.on("GET /shop-setting", json({ data: saved, meta: {} }));
    expect(await getShopSettings()).toEqual(saved);
  });

  it("are null, without an error, while staff have not saved them", async () => {
    cms.on("GET /shop-setting", cmsError(404, { name: "NotFoundError", message: "Not Found" }));
    expect(await getShopSettings()).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("are null when the CMS is down or answers something else, and the page goes on", async () => {
    cms.on("GET /shop-setting", () => Promise.reject(new TypeError("fetch failed")));
    expect(await getShopSettings()).toBeNull();
    forgetShopSettings();
    cms.on("GET /shop-setting", json({ data: { ...saved, email: "not an address" } }));
    expect(await getShopSettings()).toBeNull();
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetShopSettings, getShopSettings } from "./shop-settings.server";

/** The CMS as this test plays it: an answer (status and JSON) or a failure to connect. */
const cms = vi.hoisted(() => ({
  answer: async (): Promise<{ status: number; json: unknown }> => ({ status: 500, json: {} }),
}));

vi.mock("./cms.server", () => {
  class CmsAnswerError extends Error {
    constructor(
      readonly path: string,
      readonly status: number,
    ) {
      super(`GET ${path} answered ${status}`);
    }
  }
  return {
    CmsAnswerError,
    async cmsGet(path: string, contract: { parse(json: unknown): unknown }) {
      const { status, json } = await cms.answer();
      if (status >= 400) throw new CmsAnswerError(path, status);
      return contract.parse(json);
    },
  };
});

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
    cms.answer = async () => ({ status: 200, json: { data: saved, meta: {} } });
    expect(await getShopSettings()).toEqual(saved);
  });

  it("are null, without an error, while staff have not saved them", async () => {
    cms.answer = async () => ({ status: 404, json: { data: null, error: { status: 404 } } });
    expect(await getShopSettings()).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("are null when the CMS is down or answers something else, and the page goes on", async () => {
    cms.answer = async () => {
      throw new TypeError("fetch failed");
    };
    expect(await getShopSettings()).toBeNull();
    forgetShopSettings();
    cms.answer = async () => ({ status: 200, json: { data: { ...saved, email: "not an address" } } });
    expect(await getShopSettings()).toBeNull();
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});

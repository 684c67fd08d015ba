import { describe, expect, it } from "vitest";
import { gtmIdProblem, isDataLayerName, isGtmId, suggestGtmId } from "./tag-manager";

describe("Google Tag Manager id", () => {
  it("is GTM- then uppercase letters or digits", () => {
    expect(isGtmId("GTM-AB12C")).toBe(true);
    expect(isGtmId("GTM-1234567")).toBe(true);
    for (const bad of [
      "",
      "GTM-",
      "gtm-AB12C",
      "GTM-ab12c",
      " GTM-AB12C",
      "GTM-AB12C ",
      "GTM_AB12C",
      "GTM-AB-12",
      "G-AB12C",
      "AB12C",
    ]) {
      expect(isGtmId(bad), bad).toBe(false);
    }
  });

  it("suggests the id that was most likely meant", () => {
    expect(suggestGtmId(" gtm-ab12c ")).toBe("GTM-AB12C");
    expect(suggestGtmId("gtm_ab12c")).toBe("GTM-AB12C");
    expect(suggestGtmId("GTM AB 12C")).toBe("GTM-AB12C");
    expect(suggestGtmId("ab12c")).toBe("GTM-AB12C");
    expect(suggestGtmId("GTM-GTM-AB12C")).toBe("GTM-AB12C");
    // The dash forgotten: the leading GTM is the prefix.
    expect(suggestGtmId("GTMAB12C")).toBe("GTM-AB12C");
    expect(suggestGtmId("gtmx1")).toBe("GTM-X1");
    expect(suggestGtmId(" - ")).toBeNull();
    expect(suggestGtmId("gtm-")).toBeNull();
  });

  it("explains a bad id with the suggestion, and nothing for a good one", () => {
    expect(gtmIdProblem("GTM-AB12C")).toBeNull();
    expect(gtmIdProblem(" gtm-ab12c ")).toBe(
      '" gtm-ab12c " is not a Google Tag Manager id (GTM- then uppercase letters or digits); did you mean "GTM-AB12C"?',
    );
    expect(gtmIdProblem("--")).toBe('"--" is not a Google Tag Manager id (GTM- then uppercase letters or digits)');
  });

  it("every suggestion is a valid id", () => {
    for (const raw of [" gtm-ab12c ", "x", "gtm 9", "ñGTM-a"]) {
      const suggestion = suggestGtmId(raw);
      if (suggestion) expect(isGtmId(suggestion), raw).toBe(true);
    }
  });
});

describe("data layer name", () => {
  it("is a JavaScript identifier", () => {
    expect(isDataLayerName("dataLayer")).toBe(true);
    expect(isDataLayerName("shop_layer2")).toBe(true);
    expect(isDataLayerName("$dl")).toBe(true);
    for (const bad of ["", "2layers", "data-layer", "data layer", "window.x", "a;alert(1)"]) {
      expect(isDataLayerName(bad), bad).toBe(false);
    }
  });
});

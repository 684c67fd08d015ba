import { describe, expect, it } from "vitest";
import { requestedDeliveryForm } from "./delivery-list";

const at = (search: string) => new URL(`http://shop.test/mi-cuenta/suscripciones/proximas-entregas/7${search}`);

describe("the delivery form a deliveries page opens", () => {
  it("is the gift or donation form of the delivery the address names", () => {
    expect(requestedDeliveryForm(at("?gift=2026-12-01"))).toEqual({ form: "gift", date: "2026-12-01" });
    expect(requestedDeliveryForm(at("?donate=2026-12-08"))).toEqual({ form: "donate", date: "2026-12-08" });
  });

  it("is none without a delivery's date (the page then renders no gift or donation form)", () => {
    for (const search of [
      "",
      "?gift=",
      "?gift=tomorrow",
      "?donate=2026-12-1",
      "?gift=2026-12-01x",
      "?skip=2026-12-01",
    ]) {
      expect(requestedDeliveryForm(at(search)), search).toBeNull();
    }
  });
});

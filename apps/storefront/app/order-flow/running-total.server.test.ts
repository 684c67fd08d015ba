import type { QuoteLine } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { runningTotalOf } from "./flow.server";

const line = (kind: QuoteLine["kind"], gross: number, quantity = 1): QuoteLine => ({
  kind,
  productId: 1,
  name: kind,
  quantity,
  frequency: kind === "extra" ? "once" : null,
  unitPrice: gross / quantity,
  taxRate: 0.04,
  gross,
  tax: Math.round(gross * 0.04),
  discount: 0,
  exclusions: [],
});

const quote = (lines: QuoteLine[], { discount = 0, shipping = 490 } = {}) => {
  const goods = lines.reduce((sum, each) => sum + each.gross, 0);
  return { lines, discount, shipping, total: goods - discount + shipping };
};

describe("the running total under the steps", () => {
  it("adds the boxes apart from the extras, with the zone's delivery fee, to the quote's total", () => {
    const running = runningTotalOf(quote([line("box", 2990), line("box", 3980, 2), line("extra", 460)]));
    expect(running).toEqual({ boxes: 6970, extras: 460, discount: 0, shipping: 490, total: 7920 });
    // Its parts add up to what the summary will charge.
    expect(running.boxes + running.extras - running.discount + running.shipping).toBe(running.total);
  });

  it("says a coupon kept from the summary and free delivery as the quote does", () => {
    const running = runningTotalOf(quote([line("box", 6000)], { discount: 600, shipping: 0 }));
    expect(running).toEqual({ boxes: 6000, extras: 0, discount: 600, shipping: 0, total: 5400 });
  });
});

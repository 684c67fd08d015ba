import { LOCALES } from "@shop/routing";
import { describe, expect, it } from "vitest";
import { ORDER_LIMIT_TEXTS, orderLimitWords } from "./order-limit";

describe("the summary's notice of an order limit", () => {
  // 12:05 UTC on a winter day: 13:05 in Madrid, 12:05 in Lisbon.
  const resetsAt = "2026-01-15T12:05:00.000Z";

  it("says when the account may order again, in the clock of the page's language", () => {
    expect(orderLimitWords({ code: "too_many_orders", resetsAt }, "es").text).toBe(
      "Has hecho muchos pedidos en la última hora. Podrás pagar este a partir de las 13:05 (hora peninsular); lo guardamos tal como está.",
    );
    expect(orderLimitWords({ code: "too_many_orders", resetsAt }, "ca").text).toContain("a partir de les 13:05");
    expect(orderLimitWords({ code: "too_many_orders", resetsAt }, "pt").text).toContain(
      "a partir das 12:05 (hora de Portugal continental)",
    );
  });

  it("names the unpaid-orders cap and when the first waiting order expires", () => {
    const { heading, text } = orderLimitWords({ code: "too_many_unpaid", resetsAt: "2026-07-01T08:30:00.000Z" }, "pt");
    expect(heading).toBe("Ainda não pode pagar esta encomenda");
    // Summer: Lisbon is UTC+1.
    expect(text).toBe(
      "Tem 3 encomendas por pagar. Pague alguma ou espere que a primeira expire, às 09:30 (hora de Portugal continental), para fazer esta; guardamo-la tal como está.",
    );
  });

  it("leaves no placeholder unfilled in any language", () => {
    for (const locale of LOCALES) {
      for (const code of ["too_many_orders", "too_many_unpaid"] as const) {
        const { heading, text } = orderLimitWords({ code, resetsAt }, locale);
        expect(`${heading} ${text}`, `${locale} ${code}`).not.toMatch(/[{}]/);
        expect(ORDER_LIMIT_TEXTS[locale].orders).not.toBe("");
      }
    }
  });
});

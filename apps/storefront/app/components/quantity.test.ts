import { describe, expect, it } from "vitest";
import { LOCALE_TAGS } from "@shop/routing";
import { messagesFor, pageMessages } from "~/i18n";
import { formatQuantity } from "./product-card";

const say = (locale: "es" | "ca" | "pt", quantity: Parameters<typeof formatQuantity>[0]) =>
  formatQuantity(quantity, LOCALE_TAGS[locale], pageMessages(messagesFor(locale), null));

describe("formatQuantity", () => {
  it("says what a complementary product holds in the page's language", () => {
    expect(say("es", { kind: "measure", measure: { amount: 500, unit: "ml" } })).toBe("500 ml");
    expect(say("ca", { kind: "measure", measure: { amount: 0.75, unit: "l" } })).toBe("0,75 l");
    expect(say("pt", { kind: "measure", measure: { amount: 1, unit: "kg" } })).toBe("1 kg");
    expect(say("es", { kind: "measure", measure: { amount: 500, unit: "g" } })).toBe("500 g");
  });

  it("counts pieces in words, one and many", () => {
    expect(say("es", { kind: "measure", measure: { amount: 12, unit: "unit" } })).toBe("12 unidades");
    expect(say("ca", { kind: "measure", measure: { amount: 1, unit: "unit" } })).toBe("1 unitat");
    expect(say("pt", { kind: "measure", measure: { amount: 6, unit: "unit" } })).toBe("6 unidades");
  });

  it("keeps produce's weight approximate", () => {
    expect(say("es", { kind: "approxWeight", kilograms: 7 })).toBe("7 kg aprox.");
    expect(say("pt", { kind: "approxWeight", kilograms: 0.5 })).toBe("0,5 kg aprox.");
  });
});

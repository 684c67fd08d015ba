import type { Order } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { format } from "~/i18n/format";
import { ordersTextsFor } from "./texts";
import { onDeliveryDay, orderView } from "./order-view";

// The order status screen says when the order arrives in a sentence: "Te lo llevamos el viernes…",
// and in Portuguese "na sexta-feira" but "no sábado", "no domingo" (issue 20: "a sexta-feira").

/** 2026-03-02 is a Monday: the week's seven days, Monday first. */
const WEEK = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"];

describe("the delivery day in a sentence", () => {
  it("Portuguese: na before the feminine weekdays, no before sábado and domingo", () => {
    expect(WEEK.map((date) => onDeliveryDay(date, "pt"))).toEqual([
      "na segunda-feira, 2 de março de 2026",
      "na terça-feira, 3 de março de 2026",
      "na quarta-feira, 4 de março de 2026",
      "na quinta-feira, 5 de março de 2026",
      "na sexta-feira, 6 de março de 2026",
      "no sábado, 7 de março de 2026",
      "no domingo, 8 de março de 2026",
    ]);
  });

  it("Spanish and Catalan: el before every weekday", () => {
    expect(onDeliveryDay("2026-03-06", "es")).toBe("el viernes, 6 de marzo de 2026");
    expect(onDeliveryDay("2026-03-08", "es")).toBe("el domingo, 8 de marzo de 2026");
    expect(onDeliveryDay("2026-03-06", "ca")).toBe("el divendres, 6 de març del 2026");
    expect(onDeliveryDay("2026-03-07", "ca")).toBe("el dissabte, 7 de març del 2026");
  });

  it("reads naturally in every outcome that names the day", () => {
    const order = {
      number: "IMP-0000042",
      status: "paid",
      createdAt: "2026-03-02T10:00:00.000Z",
      events: [],
      delivery: { date: "2026-03-06", slot: { code: "morning", start: "09:00", end: "14:00" } },
      refunds: [],
      cancellation: { possible: false, until: null, refund: 0, method: null },
    } as unknown as Order;
    const sentence = (locale: "es" | "ca" | "pt", status: "paid" | "preparing" | "shipped" | "delivered") => {
      const view = orderView(order, locale);
      return format(ordersTextsFor(locale).outcome[status].body, {
        date: view.deliveryOn,
        onDay: view.deliveryOnDay,
        start: "09:00",
        end: "14:00",
      });
    };
    expect(sentence("pt", "paid")).toBe(
      "Entregamos-lha na sexta-feira, 6 de março de 2026, entre as 09:00 e as 14:00.",
    );
    expect(sentence("pt", "preparing")).toContain("na sexta-feira");
    expect(sentence("pt", "shipped")).toBe("Chega na sexta-feira, 6 de março de 2026, entre as 09:00 e as 14:00.");
    expect(sentence("pt", "delivered")).toBe("Entregámo-la na sexta-feira, 6 de março de 2026. Bom proveito!");
    expect(sentence("es", "paid")).toBe("Te lo llevamos el viernes, 6 de marzo de 2026, de 09:00 a 14:00.");
    expect(sentence("ca", "shipped")).toBe("Arriba el divendres, 6 de març del 2026, de 09:00 a 14:00.");
    for (const locale of ["es", "ca", "pt"] as const) {
      for (const status of ["paid", "preparing", "shipped", "delivered"] as const) {
        expect(sentence(locale, status)).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

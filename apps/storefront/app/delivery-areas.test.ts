import type { DeliveryAreasAnswer } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { deliveryAreasView, type DeliveryAreaRow } from "./delivery-areas";

/** The rows with Intl's no-break spaces (before "€") as plain ones, as a reader sees them. */
const plainAreas = (areas: readonly DeliveryAreaRow[] | null) =>
  areas?.map((area) => Object.fromEntries(Object.entries(area).map(([key, text]) => [key, text.replace(/\s/g, " ")])));

/** The demo's zones as the CMS answers them (apps/cms/src/seed/delivery.ts), plus one that is always free. */
const ANSWER: DeliveryAreasAnswer = {
  areas: [
    {
      name: "Barcelona",
      postcodes: [{ from: "08001", to: "08999" }],
      weekdays: [4, 2],
      shippingFee: 490,
      freeShippingFrom: 5000,
      cutoff: { workingDaysBefore: 2, time: "23:59" },
    },
    {
      name: "Lisboa",
      postcodes: [{ from: "1000-001", to: "1999-999" }],
      weekdays: [5],
      shippingFee: 690,
      freeShippingFrom: 6000,
      cutoff: { workingDaysBefore: 1, time: "18:00" },
    },
    {
      name: "Valencia",
      postcodes: [
        { from: "46001", to: "46099" },
        { from: "46100", to: "46100" },
      ],
      weekdays: [1, 3],
      shippingFee: 350,
      freeShippingFrom: null,
      cutoff: { workingDaysBefore: 0, time: "09:00" },
    },
    {
      name: "Oficinas",
      postcodes: [{ from: "28001", to: "28001" }],
      weekdays: [],
      shippingFee: 0,
      freeShippingFrom: null,
      cutoff: { workingDaysBefore: 2, time: "12:00" },
    },
  ],
};

describe("the delivery areas as the pages say them", () => {
  it("says each zone's postcodes, days, fee with its free-delivery threshold and cut-off, from the zones' cents", () => {
    const areas = plainAreas(deliveryAreasView(ANSWER, "es").areas);
    expect(areas?.[0]).toEqual({
      name: "Barcelona",
      postcodes: "08001 – 08999",
      days: "martes y jueves",
      fee: "4,90 €; gratis desde 50,00 €",
      cutoff: "2 días laborables antes, hasta las 23:59 (hora peninsular)",
    });
    expect(areas?.[1]).toMatchObject({
      postcodes: "1000-001 – 1999-999",
      days: "viernes",
      fee: "6,90 €; gratis desde 60,00 €",
      cutoff: "el día laborable anterior, hasta las 18:00 (hora peninsular)",
    });
    // Never free: the fee alone; a single code as itself.
    expect(areas?.[2]).toMatchObject({
      postcodes: "46001 – 46099, 46100",
      days: "lunes y miércoles",
      fee: "3,50 €",
      cutoff: "el mismo día, hasta las 09:00 (hora peninsular)",
    });
    expect(areas?.[3]).toMatchObject({ days: "—", fee: "Gratis" });
  });

  it("speaks Catalan and Portuguese", () => {
    expect(plainAreas(deliveryAreasView(ANSWER, "ca").areas)?.[0]).toMatchObject({
      days: "dimarts i dijous",
      fee: "4,90 €; gratuït a partir de 50,00 €",
      cutoff: "2 dies laborables abans, fins a les 23:59 (hora peninsular)",
    });
    const pt = deliveryAreasView(ANSWER, "pt");
    expect(pt.labels.heading).toBe("Zonas de entrega e custos de envio");
    expect(plainAreas(pt.areas)?.[1]).toMatchObject({
      days: "sexta-feira",
      fee: "6,90 €; grátis a partir de 60,00 €",
      cutoff: "no dia útil anterior, até às 18:00 (hora de Espanha)",
    });
  });

  it("says it cannot show the zones when the CMS never answered, and that there are none when staff keep none", () => {
    const unavailable = deliveryAreasView(null, "es");
    expect(unavailable.areas).toBeNull();
    expect(unavailable.empty).toMatch(/no podemos mostrar las zonas/);
    const none = deliveryAreasView({ areas: [] }, "pt");
    expect(none.areas).toEqual([]);
    expect(none.empty).toBe("De momento não entregamos em nenhuma zona.");
  });
});

import type { DeliveryAreasAnswer } from "@shop/contracts";
import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, type Locale } from "@shop/routing";
import { format } from "./i18n/format";

/**
 * Where the shop delivers, on which days, for how much and until when one orders, as the pages say
 * it: worked out on the server from the zones staff keep (GET /delivery/areas), so the words are
 * the checkout's figures and the browser gets text only (no formatting code, and no difference
 * between the server's and the browser's Intl to hydrate).
 */

const DELIVERY_AREAS_TEXTS = {
  es: {
    heading: "Zonas de reparto y gastos de envío",
    postcodes: "Códigos postales",
    days: "Días de reparto",
    fee: "Envío (IVA incluido)",
    cutoff: "Pedidos hasta",
    freeFrom: "{fee}; gratis desde {amount}",
    free: "Gratis",
    sameDay: "el mismo día, hasta las {time} ({clock})",
    dayBefore: "el día laborable anterior, hasta las {time} ({clock})",
    daysBefore: "{count} días laborables antes, hasta las {time} ({clock})",
    clock: "hora peninsular",
    none: "Ahora mismo no repartimos en ninguna zona.",
    unavailable:
      "Ahora no podemos mostrar las zonas. Escribe tu código postal al empezar un pedido y te diremos si llegamos y cuánto cuesta el envío.",
  },
  ca: {
    heading: "Zones de repartiment i despeses d'enviament",
    postcodes: "Codis postals",
    days: "Dies de repartiment",
    fee: "Enviament (IVA inclòs)",
    cutoff: "Comandes fins a",
    freeFrom: "{fee}; gratuït a partir de {amount}",
    free: "Gratuït",
    sameDay: "el mateix dia, fins a les {time} ({clock})",
    dayBefore: "el dia laborable anterior, fins a les {time} ({clock})",
    daysBefore: "{count} dies laborables abans, fins a les {time} ({clock})",
    clock: "hora peninsular",
    none: "Ara mateix no repartim a cap zona.",
    unavailable:
      "Ara no podem mostrar les zones. Escriu el teu codi postal en començar una comanda i et direm si hi arribem i quant costa l'enviament.",
  },
  pt: {
    heading: "Zonas de entrega e custos de envio",
    postcodes: "Códigos postais",
    days: "Dias de entrega",
    fee: "Envio (IVA incluído)",
    cutoff: "Encomendas até",
    freeFrom: "{fee}; grátis a partir de {amount}",
    free: "Grátis",
    sameDay: "no próprio dia, até às {time} ({clock})",
    dayBefore: "no dia útil anterior, até às {time} ({clock})",
    daysBefore: "{count} dias úteis antes, até às {time} ({clock})",
    // Cut-offs are kept in Madrid's clock (the shop packs in Spain): said as such.
    clock: "hora de Espanha",
    none: "De momento não entregamos em nenhuma zona.",
    unavailable:
      "Agora não conseguimos mostrar as zonas. Escreva o seu código postal ao começar uma encomenda e dizemos-lhe se lá chegamos e quanto custa o envio.",
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** One zone as the page lists it. */
export interface DeliveryAreaRow {
  readonly name: string;
  readonly postcodes: string;
  readonly days: string;
  readonly fee: string;
  readonly cutoff: string;
}

/** What the page shows: the labels, and the zones (null: they could not be loaded). */
export interface DeliveryAreasView {
  readonly labels: {
    readonly heading: string;
    readonly postcodes: string;
    readonly days: string;
    readonly fee: string;
    readonly cutoff: string;
  };
  readonly areas: readonly DeliveryAreaRow[] | null;
  /** Said instead of the list when there is none, or when it could not be loaded. */
  readonly empty: string;
}

type Area = DeliveryAreasAnswer["areas"][number];

/** "martes y jueves": ISO weekdays (Monday 1) named in the page's language. */
function weekdays(days: readonly number[], locale: Locale): string {
  const tag = LOCALE_TAGS[locale];
  const name = new Intl.DateTimeFormat(tag, { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  const names = [...days].sort((a, b) => a - b).map((day) => name.format(new Date(Date.UTC(2024, 0, day))));
  return names.length === 0 ? "—" : new Intl.ListFormat(tag, { style: "long", type: "conjunction" }).format(names);
}

function fee(area: Area, locale: Locale): string {
  const words = DELIVERY_AREAS_TEXTS[locale];
  const tag = LOCALE_TAGS[locale];
  if (area.shippingFee === 0 || area.freeShippingFrom === 0) return words.free;
  const amount = formatCents(area.shippingFee, tag);
  return area.freeShippingFrom === null
    ? amount
    : format(words.freeFrom, { fee: amount, amount: formatCents(area.freeShippingFrom, tag) });
}

function cutoff({ cutoff: { workingDaysBefore, time } }: Area, locale: Locale): string {
  const words = DELIVERY_AREAS_TEXTS[locale];
  const template =
    workingDaysBefore === 0 ? words.sameDay : workingDaysBefore === 1 ? words.dayBefore : words.daysBefore;
  return format(template, { count: workingDaysBefore, time, clock: words.clock });
}

/** The zones as the page in `locale` says them; `answer` null when the CMS could not be asked. */
export function deliveryAreasView(answer: DeliveryAreasAnswer | null, locale: Locale): DeliveryAreasView {
  const words = DELIVERY_AREAS_TEXTS[locale];
  return {
    labels: {
      heading: words.heading,
      postcodes: words.postcodes,
      days: words.days,
      fee: words.fee,
      cutoff: words.cutoff,
    },
    areas:
      answer?.areas.map((area) => ({
        name: area.name,
        postcodes: area.postcodes.map(({ from, to }) => (from === to ? from : `${from} – ${to}`)).join(", "),
        days: weekdays(area.weekdays, locale),
        fee: fee(area, locale),
        cutoff: cutoff(area, locale),
      })) ?? null,
    empty: answer === null ? words.unavailable : words.none,
  };
}

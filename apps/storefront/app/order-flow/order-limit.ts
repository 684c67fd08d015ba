import { MAX_UNPAID_ORDERS, type OrderLimit } from "@shop/contracts";
import { LOCALE_TAGS, type Locale } from "@shop/routing";
import { format } from "../i18n/format";
import { CLOCKS } from "../dates";

/**
 * The summary's words when the account cannot place an order yet (the quote's `orderLimit`,
 * docs/decisions/021): said before "Pay", never only at it, with the time it may go on. Their own
 * module, as only the summary step needs them.
 */
export const ORDER_LIMIT_TEXTS = {
  es: {
    heading: "Aún no puedes pagar este pedido",
    too_many_orders:
      "Has hecho muchos pedidos en la última hora. Podrás pagar este a partir de las {time} ({clock}); lo guardamos tal como está.",
    too_many_unpaid:
      "Tienes {max} pedidos pendientes de pago. Paga alguno o espera a que caduque el primero, a las {time} ({clock}), para hacer este; lo guardamos tal como está.",
    orders: "Ver mis pedidos",
    clock: "hora peninsular",
  },
  ca: {
    heading: "Encara no pots pagar aquesta comanda",
    too_many_orders:
      "Has fet moltes comandes en l'última hora. Podràs pagar aquesta a partir de les {time} ({clock}); la desem tal com és.",
    too_many_unpaid:
      "Tens {max} comandes pendents de pagament. Paga'n alguna o espera que caduqui la primera, a les {time} ({clock}), per fer aquesta; la desem tal com és.",
    orders: "Veure les meves comandes",
    clock: "hora peninsular",
  },
  pt: {
    heading: "Ainda não pode pagar esta encomenda",
    too_many_orders:
      "Fez muitas encomendas na última hora. Poderá pagar esta a partir das {time} ({clock}); guardamo-la tal como está.",
    too_many_unpaid:
      "Tem {max} encomendas por pagar. Pague alguma ou espere que a primeira expire, às {time} ({clock}), para fazer esta; guardamo-la tal como está.",
    orders: "Ver as minhas encomendas",
    clock: "hora de Portugal continental",
  },
} as const satisfies Record<
  Locale,
  { heading: string; too_many_orders: string; too_many_unpaid: string; orders: string; clock: string }
>;

/**
 * The notice's heading and sentence for `limit` in `locale`. Only the time of day: both limits
 * end within the hour (the account's allowance, an unpaid order's payment deadline), and hours
 * and minutes format alike in every engine, so the page hydrates with the server's text.
 */
export function orderLimitWords(limit: OrderLimit, locale: Locale): { heading: string; text: string } {
  const words = ORDER_LIMIT_TEXTS[locale];
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: CLOCKS[locale],
  }).format(new Date(limit.resetsAt));
  return {
    heading: words.heading,
    text: format(words[limit.code], { time, clock: words.clock, max: MAX_UNPAID_ORDERS }),
  };
}

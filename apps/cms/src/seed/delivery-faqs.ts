import type { Core } from "@strapi/strapi";
import type { Locale } from "@shop/domain";
import { FAQS } from "./data";
import { renewRetiredTexts } from "./renew-retired";
import { CONTENT_TYPES } from "../content-types";

/**
 * The delivery answers a demo database was seeded with before issue 20 promised a fee (4,90 €),
 * a threshold (35 €), days and areas of their own, which checkout did not charge. On every start of
 * a demo shop each of them still holding that exact text gets the current seed's words, which send
 * the reader to the zones shown beside them; an answer staff have edited is left alone, and running
 * it again changes nothing.
 */
const RETIRED: Record<string, Record<Locale, string>> = {
  delivery: {
    es: "Repartimos a domicilio en toda la España peninsular y en Portugal continental; por ahora no llegamos a Baleares, Canarias, Ceuta, Melilla, Azores ni Madeira. El envío cuesta 4,90 € por entrega y es gratis en los pedidos de 35 € o más (IVA incluido). En una suscripción, cada entrega cuenta como un pedido.",
    ca: "Repartim a domicili a tota l'Espanya peninsular i al Portugal continental; de moment no arribem a les Balears, les Canàries, Ceuta, Melilla, les Açores ni Madeira. L'enviament costa 4,90 € per lliurament i és gratuït a les comandes de 35 € o més (IVA inclòs). En una subscripció, cada lliurament compta com una comanda.",
    pt: "Entregamos ao domicílio em toda a Espanha peninsular e em Portugal continental; por agora não chegamos às Baleares, Canárias, Ceuta, Melilha, Açores nem Madeira. O envio custa 4,90 € por entrega e é grátis nas encomendas de 35 € ou mais (IVA incluído). Numa subscrição, cada entrega conta como uma encomenda.",
  },
  "delivery-days": {
    es: "Repartimos de martes a viernes. Al hacer el pedido eliges el día; el cierre es 48 horas antes de la entrega.",
    ca: "Repartim de dimarts a divendres. En fer la comanda tries el dia; el tancament és 48 hores abans del lliurament.",
    pt: "Entregamos de terça a sexta. Ao fazer a encomenda escolhe o dia; o prazo fecha 48 horas antes da entrega.",
  },
};

/** Replaces the retired delivery answers still in the database; how many texts it replaced. */
export async function renewDemoDeliveryFaqs(strapi: Core.Strapi): Promise<number> {
  const texts = Object.entries(RETIRED).flatMap(([key, retired]) => {
    const current = FAQS.find((faq) => faq.key === key);
    return current ? [{ key, retired, current: current.answer }] : [];
  });
  return renewRetiredTexts(strapi, { uid: CONTENT_TYPES.faq, field: "answer", texts });
}

import type { Core } from "@strapi/strapi";
import type { Locale } from "@shop/domain";
import { LEGAL_PAGES, type LegalSeed } from "./data";
import { renewRetiredTexts } from "./renew-retired";
import { CONTENT_TYPES } from "../content-types";

/**
 * The terms a demo database was seeded with before issue 20 promised an order cut-off of their own
 * ("48 hours before delivery"), while each delivery zone closes orders at its own time (two working
 * days before at 23:59, three before at 18:00 in Lisbon). On every start of a demo shop each text
 * still holding that exact wording gets the current seed's, which sends the reader to the zone's
 * cut-off as the order flow and the contact page's delivery areas show it; a text staff have edited
 * is left alone, and running it again changes nothing (as ./delivery-faqs does for the FAQ).
 */
const RETIRED: Partial<Record<LegalSeed["key"], Record<Locale, string>>> = {
  termsAndConditions: {
    es: "## Pedidos\n\nEl pedido se confirma cuando recibes el correo de confirmación del pago. Los precios incluyen el IVA aplicable.\n\n## Suscripciones\n\nLas suscripciones se renuevan con la frecuencia elegida y se cobran antes de cada entrega. Puedes saltar, pausar o cancelar sin coste antes del cierre de cada pedido (48 horas antes de la entrega).\n\n## Entrega\n\nEntregamos en la franja elegida. Si no hay nadie en casa, dejaremos la caja en el lugar que nos indiques.\n\n## Desistimiento y reclamaciones\n\nAl tratarse de alimentos perecederos no aplica el derecho de desistimiento (art. 103 de la Ley General para la Defensa de los Consumidores). Si algún producto llega en mal estado, escríbenos en 48 horas con una foto y te lo reembolsamos o reponemos.",
    ca: "## Comandes\n\nLa comanda es confirma quan reps el correu de confirmació del pagament. Els preus inclouen l'IVA aplicable.\n\n## Subscripcions\n\nLes subscripcions es renoven amb la freqüència triada i es cobren abans de cada lliurament. Pots saltar, pausar o cancel·lar sense cost abans del tancament de cada comanda (48 hores abans del lliurament).\n\n## Lliurament\n\nLliurem en la franja triada. Si no hi ha ningú a casa, deixarem la caixa al lloc que ens indiquis.\n\n## Desistiment i reclamacions\n\nEn tractar-se d'aliments peribles no s'aplica el dret de desistiment (art. 103 de la Llei general per a la defensa dels consumidors). Si algun producte arriba en mal estat, escriu-nos en 48 hores amb una foto i te'l reemborsem o el reposem.",
    pt: "## Encomendas\n\nA encomenda fica confirmada quando recebe o e-mail de confirmação do pagamento. Os preços incluem o IVA aplicável.\n\n## Subscrições\n\nAs subscrições renovam-se com a frequência escolhida e são cobradas antes de cada entrega. Pode saltar, pausar ou cancelar sem custos antes do fecho de cada encomenda (48 horas antes da entrega).\n\n## Entrega\n\nEntregamos no horário escolhido. Se não estiver ninguém em casa, deixamos a caixa no local que nos indicar.\n\n## Livre resolução e reclamações\n\nPor se tratar de alimentos perecíveis não se aplica o direito de livre resolução. Se algum produto chegar em mau estado, escreva-nos em 48 horas com uma fotografia e reembolsamos ou repomos o produto.",
  },
};

/** Replaces the retired legal texts still in the database; how many texts it replaced. */
export async function renewDemoLegalPages(strapi: Core.Strapi): Promise<number> {
  const texts = LEGAL_PAGES.flatMap((page) => {
    const retired = RETIRED[page.key];
    return retired ? [{ key: page.key, retired, current: page.body }] : [];
  });
  return renewRetiredTexts(strapi, { uid: CONTENT_TYPES.legalPage, field: "body", texts });
}

import { ORDER_ERROR_CODES, type OrderErrorCode } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import { ActionButton, EmailHeading, EmailLink, Fields, Paragraph } from "../components";
import { EmailLayout } from "../layout";
import { defineTemplate } from "../template";
import { longDate } from "./order-message";

/**
 * To staff (STAFF_EMAIL, in STAFF_LOCALE like the other staff notifications): a subscription's
 * delivery reached its cut-off and could not be ordered as the subscription stands (a box withdrawn,
 * the zone or the slot gone: docs/decisions/042). Its subscriber was asked to change it (the
 * renewal mail's `needsChange`); staff may have to help, or put the product or slot back. One per
 * delivery.
 *
 * What the mail says happens next is what src/subscriptions/renewals/orders.ts does: the cut-off
 * has passed, yet every renewal run (each 5 minutes) tries the delivery again until its packing
 * begins; fixed by then (by the subscriber or by staff), it is ordered and charged by itself; once
 * packing has begun it is no longer ordered nor charged.
 */
export interface StaffRenewalNeedsChangeProps {
  /** The delivery's date (YYYY-MM-DD). */
  date: string;
  subscriberName: string | null;
  subscriberEmail: string;
  /**
   * The refusal's code (an ordering refusal, ORDER_ERROR_CODES: unknown_product, slot_unknown...) and
   * where in the subscription it was found. Staff read the code's words, never the code.
   */
  reason: string;
  field: string;
  /** The subscription in the admin panel. */
  adminUrl: string;
}

type Props = StaffRenewalNeedsChangeProps;

/**
 * The refusals a renewal can meet: any of the ordering's codes (the renewal prices the subscription
 * with the order flow's own rules, and any refusal but the database's 503 reaches this mail). Each
 * has words in every language (a missing one fails the type check); a code outside them, should one
 * ever come, is named as a technical code.
 */
type Reason = OrderErrorCode;
const isReason = (code: string): code is Reason => (ORDER_ERROR_CODES as readonly string[]).includes(code);

interface Texts {
  subject(date: string): string;
  heading: string;
  intro(date: string): string;
  reasons: Record<Reason, string>;
  otherReason(code: string): string;
  subscriber: string;
  reason: string;
  where: string;
  delivery: string;
  next: string;
  openInPanel: string;
  footer: string;
}

const texts = {
  es: {
    subject: (date) => `Renovación sin pedido: entrega del ${date}`,
    heading: "Una renovación no se ha podido pedir",
    intro: (date) =>
      `La entrega del ${date} de esta suscripción ha llegado a su hora de cierre y todavía no se ha podido convertir en pedido: de momento no se ha cobrado nada.`,
    reasons: {
      invalid_postcode: "El código postal de la suscripción ya no es un código postal español o portugués válido.",
      not_covered: "La dirección de la suscripción ya no está en ninguna zona de reparto.",
      unknown_product: "Un producto de la suscripción ya no está a la venta (retirado o desactivado).",
      not_a_box: "Un producto que la suscripción tiene como caja ya no es una caja.",
      not_an_item: "Una exclusión de la suscripción es un producto que ya no es una pieza de fruta o verdura.",
      not_an_extra: "Un producto que la suscripción tiene como extra ya no se vende como extra.",
      not_for_you: "Un producto ya no se vende a este tipo de cliente (particular o empresa).",
      duplicate_line:
        "La suscripción tiene el mismo producto dos veces (la misma caja con las mismas exclusiones, o el mismo extra).",
      needs_subscription:
        "Un extra para todas las entregas solo se vende con una suscripción, y esta entrega no se ha podido pedir como parte de ella.",
      out_of_season: "Una caja de temporada de la suscripción no se vende en la fecha de esta entrega.",
      not_sold_in_zone: "Una caja de temporada de la suscripción no se vende en su zona de reparto.",
      once_only: "Una caja de temporada está en la suscripción, pero solo se vende para una entrega suelta.",
      date_not_offered: "El día de la entrega ya no es día de reparto de su zona, o está cerrado.",
      slot_unknown: "La franja horaria de la suscripción ya no existe en su zona de reparto.",
      slot_full: "La franja horaria de la entrega ya no tiene plazas libres ese día.",
      unknown_address:
        "La dirección guardada que usa la suscripción ya no está en la libreta de direcciones del cliente.",
      address_not_covered:
        "La dirección de entrega de la suscripción queda fuera de la zona de reparto de su código postal.",
      draft_incomplete: "A la suscripción le falta un dato para calcular el pedido (el campo indicado en «Dónde»).",
      not_payable: "El pedido de esta entrega ya no espera un pago (ya está pagado o cancelado).",
      amount_too_small: "El total de la entrega queda por debajo del mínimo que acepta la pasarela de pago.",
      too_many_unpaid: "El cliente tiene demasiados pedidos pendientes de pago.",
      price_changed: "El precio cambió mientras se calculaba la entrega.",
      payment_unavailable: "La pasarela de pago no ha respondido.",
      gift_card_invalid: "Una tarjeta regalo de la entrega no se puede usar.",
      too_many_gift_cards: "La entrega tiene más tarjetas regalo de las permitidas.",
    },
    otherReason: (code) => `La tienda no ha podido calcular el pedido (código técnico: ${code}).`,
    subscriber: "Cliente",
    reason: "Motivo",
    where: "Dónde",
    delivery: "Entrega",
    next: "Hemos escrito al cliente para que cambie su suscripción. Aunque la hora de cierre ya ha pasado, la entrega sigue abierta hasta que empiece el empaquetado: las renovaciones la vuelven a intentar cada 5 minutos y, si el cliente la cambia o vuelves a poner el producto o la franja, se pedirá y cobrará sola. Si al empezar el empaquetado sigue igual, ya no se pedirá ni se cobrará.",
    openInPanel: "Abrir la suscripción en el panel",
    footer: "Aviso automático de las renovaciones de suscripciones.",
  },
  ca: {
    subject: (date) => `Renovació sense comanda: lliurament del ${date}`,
    heading: "Una renovació no s'ha pogut demanar",
    intro: (date) =>
      `El lliurament del ${date} d'aquesta subscripció ha arribat a la seva hora de tancament i encara no s'ha pogut convertir en comanda: de moment no s'ha cobrat res.`,
    reasons: {
      invalid_postcode: "El codi postal de la subscripció ja no és un codi postal espanyol o portuguès vàlid.",
      not_covered: "L'adreça de la subscripció ja no és a cap zona de repartiment.",
      unknown_product: "Un producte de la subscripció ja no està a la venda (retirat o desactivat).",
      not_a_box: "Un producte que la subscripció té com a caixa ja no és una caixa.",
      not_an_item: "Una exclusió de la subscripció és un producte que ja no és una peça de fruita o verdura.",
      not_an_extra: "Un producte que la subscripció té com a extra ja no es ven com a extra.",
      not_for_you: "Un producte ja no es ven a aquest tipus de client (particular o empresa).",
      duplicate_line:
        "La subscripció té el mateix producte dues vegades (la mateixa caixa amb les mateixes exclusions, o el mateix extra).",
      needs_subscription:
        "Un extra per a tots els lliuraments només es ven amb una subscripció, i aquest lliurament no s'ha pogut demanar com a part d'ella.",
      out_of_season: "Una caixa de temporada de la subscripció no es ven en la data d'aquest lliurament.",
      not_sold_in_zone: "Una caixa de temporada de la subscripció no es ven a la seva zona de repartiment.",
      once_only: "Una caixa de temporada és a la subscripció, però només es ven per a un lliurament solt.",
      date_not_offered: "El dia del lliurament ja no és dia de repartiment de la seva zona, o està tancat.",
      slot_unknown: "La franja horària de la subscripció ja no existeix a la seva zona de repartiment.",
      slot_full: "La franja horària del lliurament ja no té places lliures aquell dia.",
      unknown_address: "L'adreça desada que fa servir la subscripció ja no és a la llibreta d'adreces del client.",
      address_not_covered:
        "L'adreça de lliurament de la subscripció queda fora de la zona de repartiment del seu codi postal.",
      draft_incomplete: "A la subscripció li falta una dada per calcular la comanda (el camp indicat a «On»).",
      not_payable: "La comanda d'aquest lliurament ja no espera cap pagament (ja està pagada o cancel·lada).",
      amount_too_small: "El total del lliurament queda per sota del mínim que accepta la passarel·la de pagament.",
      too_many_unpaid: "El client té massa comandes pendents de pagament.",
      price_changed: "El preu ha canviat mentre es calculava el lliurament.",
      payment_unavailable: "La passarel·la de pagament no ha respost.",
      gift_card_invalid: "Una targeta regal del lliurament no es pot fer servir.",
      too_many_gift_cards: "El lliurament té més targetes regal de les permeses.",
    },
    otherReason: (code) => `La botiga no ha pogut calcular la comanda (codi tècnic: ${code}).`,
    subscriber: "Client",
    reason: "Motiu",
    where: "On",
    delivery: "Lliurament",
    next: "Hem escrit al client perquè canviï la subscripció. Tot i que l'hora de tancament ja ha passat, el lliurament continua obert fins que comenci l'empaquetatge: les renovacions el tornen a provar cada 5 minuts i, si el client el canvia o tornes a posar el producte o la franja, es demanarà i cobrarà sol. Si quan comenci l'empaquetatge continua igual, ja no es demanarà ni es cobrarà.",
    openInPanel: "Obre la subscripció al tauler",
    footer: "Avís automàtic de les renovacions de subscripcions.",
  },
  pt: {
    subject: (date) => `Renovação sem encomenda: entrega de ${date}`,
    heading: "Uma renovação não pôde ser encomendada",
    intro: (date) =>
      `A entrega de ${date} desta subscrição chegou à hora de fecho e ainda não pôde ser convertida em encomenda: por agora nada foi cobrado.`,
    reasons: {
      invalid_postcode: "O código postal da subscrição já não é um código postal espanhol ou português válido.",
      not_covered: "A morada da subscrição já não está em nenhuma zona de entrega.",
      unknown_product: "Um produto da subscrição já não está à venda (retirado ou desativado).",
      not_a_box: "Um produto que a subscrição tem como caixa já não é uma caixa.",
      not_an_item: "Uma exclusão da subscrição é um produto que já não é uma peça de fruta ou legumes.",
      not_an_extra: "Um produto que a subscrição tem como extra já não é vendido como extra.",
      not_for_you: "Um produto já não é vendido a este tipo de cliente (particular ou empresa).",
      duplicate_line:
        "A subscrição tem o mesmo produto duas vezes (a mesma caixa com as mesmas exclusões, ou o mesmo extra).",
      needs_subscription:
        "Um extra para todas as entregas só é vendido com uma subscrição, e esta entrega não pôde ser encomendada como parte dela.",
      out_of_season: "Uma caixa de época da subscrição não é vendida na data desta entrega.",
      not_sold_in_zone: "Uma caixa de época da subscrição não é vendida na sua zona de entrega.",
      once_only: "Uma caixa de época está na subscrição, mas só é vendida para uma entrega avulsa.",
      date_not_offered: "O dia da entrega já não é dia de entrega da sua zona, ou está fechado.",
      slot_unknown: "O horário de entrega da subscrição já não existe na sua zona de entrega.",
      slot_full: "O horário da entrega já não tem lugares livres nesse dia.",
      unknown_address: "A morada guardada que a subscrição usa já não está no livro de moradas do cliente.",
      address_not_covered: "A morada de entrega da subscrição fica fora da zona de entrega do seu código postal.",
      draft_incomplete: "Falta à subscrição um dado para calcular a encomenda (o campo indicado em «Onde»).",
      not_payable: "A encomenda desta entrega já não espera um pagamento (já está paga ou cancelada).",
      amount_too_small: "O total da entrega fica abaixo do mínimo que o serviço de pagamento aceita.",
      too_many_unpaid: "O cliente tem demasiadas encomendas por pagar.",
      price_changed: "O preço mudou enquanto a entrega era calculada.",
      payment_unavailable: "O serviço de pagamento não respondeu.",
      gift_card_invalid: "Um cartão-presente da entrega não pode ser usado.",
      too_many_gift_cards: "A entrega tem mais cartões-presente do que os permitidos.",
    },
    otherReason: (code) => `A loja não conseguiu calcular a encomenda (código técnico: ${code}).`,
    subscriber: "Cliente",
    reason: "Motivo",
    where: "Onde",
    delivery: "Entrega",
    next: "Escrevemos ao cliente para alterar a subscrição. Embora a hora de fecho já tenha passado, a entrega continua aberta até a embalagem começar: as renovações voltam a tentá-la a cada 5 minutos e, se o cliente a alterar ou se voltar a pôr o produto ou o horário, será encomendada e cobrada sozinha. Se ao começar a embalagem continuar igual, já não será encomendada nem cobrada.",
    openInPanel: "Abrir a subscrição no painel",
    footer: "Aviso automático das renovações de subscrições.",
  },
} as const satisfies Record<Locale, Texts>;

function Email({ locale, ...props }: Props & { locale: Locale }) {
  const t = texts[locale];
  const date = longDate(props.date, locale);
  const reason = isReason(props.reason) ? t.reasons[props.reason] : t.otherReason(props.reason);
  const who = props.subscriberName ? `${props.subscriberName} · ` : "";
  return (
    <EmailLayout locale={locale} preview={reason} footerNote={t.footer}>
      <EmailHeading>{t.heading}</EmailHeading>
      <Paragraph>{t.intro(date)}</Paragraph>
      <Fields
        fields={[
          { label: t.delivery, value: date },
          {
            label: t.subscriber,
            value: (
              <>
                {who}
                <EmailLink href={`mailto:${props.subscriberEmail}`}>{props.subscriberEmail}</EmailLink>
              </>
            ),
          },
          { label: t.reason, value: reason },
          { label: t.where, value: props.field },
        ]}
      />
      <Paragraph>{t.next}</Paragraph>
      <ActionButton href={props.adminUrl}>{t.openInPanel}</ActionButton>
    </EmailLayout>
  );
}

export const staffRenewalNeedsChange = defineTemplate<StaffRenewalNeedsChangeProps>({
  subject: (props, locale) => texts[locale].subject(longDate(props.date, locale)),
  Email,
  sample: {
    date: "2026-12-09",
    subscriberName: "Ana",
    subscriberEmail: "ana@example.com",
    reason: "unknown_product",
    field: "boxes.0.productId",
    adminUrl: "http://localhost:1337/admin/content-manager/collection-types/api::subscription.subscription/abc123",
  },
});

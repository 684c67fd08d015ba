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
 */
export interface StaffRenewalNeedsChangeProps {
  /** The delivery's date (YYYY-MM-DD). */
  date: string;
  subscriberName: string | null;
  subscriberEmail: string;
  /** The refusal's code (unknown_product, slot_unknown...) and where in the subscription it was found. */
  reason: string;
  field: string;
  /** The subscription in the admin panel. */
  adminUrl: string;
}

type Props = StaffRenewalNeedsChangeProps;

/** The refusals a renewal meets, as staff understand them; any other is named by its code. */
const REASONS = ["unknown_product", "not_a_box", "not_an_extra", "not_for_you", "slot_unknown", "not_covered"] as const;
type Reason = (typeof REASONS)[number];
const isReason = (code: string): code is Reason => (REASONS as readonly string[]).includes(code);

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
      `La entrega del ${date} de esta suscripción ha llegado a su hora de cierre y no se ha podido convertir en pedido: no se ha cobrado nada.`,
    reasons: {
      unknown_product: "Un producto de la suscripción ya no está a la venta (retirado o desactivado).",
      not_a_box: "Un producto que la suscripción tiene como caja ya no es una caja.",
      not_an_extra: "Un producto que la suscripción tiene como extra ya no se vende como extra.",
      not_for_you: "Un producto ya no se vende a este tipo de cliente (particular o empresa).",
      slot_unknown: "La franja horaria de la suscripción ya no existe en su zona de reparto.",
      not_covered: "La dirección de la suscripción ya no está en ninguna zona de reparto.",
    },
    otherReason: (code) => `La tienda no ha podido calcular el pedido (${code}).`,
    subscriber: "Cliente",
    reason: "Motivo",
    where: "Dónde",
    delivery: "Entrega",
    next: "Hemos escrito al cliente para que cambie su suscripción antes de que empiece el empaquetado. Cada pasada del proceso lo vuelve a intentar hasta entonces: si vuelves a poner el producto o la franja, se pedirá y cobrará solo.",
    openInPanel: "Abrir la suscripción en el panel",
    footer: "Aviso automático de las renovaciones de suscripciones.",
  },
  ca: {
    subject: (date) => `Renovació sense comanda: lliurament del ${date}`,
    heading: "Una renovació no s'ha pogut demanar",
    intro: (date) =>
      `El lliurament del ${date} d'aquesta subscripció ha arribat a la seva hora de tancament i no s'ha pogut convertir en comanda: no s'ha cobrat res.`,
    reasons: {
      unknown_product: "Un producte de la subscripció ja no està a la venda (retirat o desactivat).",
      not_a_box: "Un producte que la subscripció té com a caixa ja no és una caixa.",
      not_an_extra: "Un producte que la subscripció té com a extra ja no es ven com a extra.",
      not_for_you: "Un producte ja no es ven a aquest tipus de client (particular o empresa).",
      slot_unknown: "La franja horària de la subscripció ja no existeix a la seva zona de repartiment.",
      not_covered: "L'adreça de la subscripció ja no és a cap zona de repartiment.",
    },
    otherReason: (code) => `La botiga no ha pogut calcular la comanda (${code}).`,
    subscriber: "Client",
    reason: "Motiu",
    where: "On",
    delivery: "Lliurament",
    next: "Hem escrit al client perquè canviï la subscripció abans que comenci l'empaquetatge. Cada passada del procés ho torna a provar fins aleshores: si tornes a posar el producte o la franja, es demanarà i cobrarà sol.",
    openInPanel: "Obre la subscripció al tauler",
    footer: "Avís automàtic de les renovacions de subscripcions.",
  },
  pt: {
    subject: (date) => `Renovação sem encomenda: entrega de ${date}`,
    heading: "Uma renovação não pôde ser encomendada",
    intro: (date) =>
      `A entrega de ${date} desta subscrição chegou à hora de fecho e não pôde ser convertida em encomenda: nada foi cobrado.`,
    reasons: {
      unknown_product: "Um produto da subscrição já não está à venda (retirado ou desativado).",
      not_a_box: "Um produto que a subscrição tem como caixa já não é uma caixa.",
      not_an_extra: "Um produto que a subscrição tem como extra já não é vendido como extra.",
      not_for_you: "Um produto já não é vendido a este tipo de cliente (particular ou empresa).",
      slot_unknown: "O horário de entrega da subscrição já não existe na sua zona de entrega.",
      not_covered: "A morada da subscrição já não está em nenhuma zona de entrega.",
    },
    otherReason: (code) => `A loja não conseguiu calcular a encomenda (${code}).`,
    subscriber: "Cliente",
    reason: "Motivo",
    where: "Onde",
    delivery: "Entrega",
    next: "Escrevemos ao cliente para alterar a subscrição antes de a embalagem começar. Cada execução do processo volta a tentar até lá: se voltar a pôr o produto ou o horário, será encomendada e cobrada sozinha.",
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

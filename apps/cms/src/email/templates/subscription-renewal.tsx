import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import { AccountMessage, greet } from "./account-message";
import { longDate } from "./order-message";
import { defineTemplate } from "../template";

/**
 * To a subscriber whose renewal could not be charged to the saved card (docs/decisions/030), one mail
 * per dunning step: a soft refusal that the shop will try again (`retrying`), the link to pay that
 * delivery now (`payLink`: a hard refusal, the bank asking for the cardholder, or the retries used
 * up), the delivery left out unpaid at the packing deadline (`missed`: the subscription is past due),
 * and the second such delivery in a row (`suspended`). And, before any charge, a delivery that cannot
 * be ordered as the subscription stands (`needsChange`: a box withdrawn or out of its season, the
 * zone or the slot no longer offered), so that the subscriber changes it before packing begins.
 */
export const RENEWAL_MAIL_KINDS = ["retrying", "payLink", "missed", "suspended", "needsChange"] as const;
export type RenewalMailKind = (typeof RENEWAL_MAIL_KINDS)[number];

export interface SubscriptionRenewalProps {
  name: string | null;
  kind: RenewalMailKind;
  /** The delivery's date (YYYY-MM-DD). */
  date: string;
  amount: Cents;
  /** payLink and retrying: the order's payment page; the others: the subscription's page. */
  url: string;
}

interface Texts {
  hello: string;
  subject: Record<RenewalMailKind, string>;
  paragraph: Record<RenewalMailKind, (date: string, amount: string) => string>;
  action: Record<RenewalMailKind, string>;
  footer: string;
}

const texts = {
  es: {
    hello: "Hola",
    subject: {
      retrying: "No hemos podido cobrar tu próxima caja",
      payLink: "Paga tu próxima caja para recibirla",
      missed: "Tu caja no se ha preparado: falta el pago",
      suspended: "Hemos suspendido tu suscripción",
      needsChange: "Tu próxima caja necesita un cambio",
    },
    paragraph: {
      retrying: (date, amount) =>
        `Tu banco no ha aceptado el cobro de ${amount} de la caja del ${date}. Lo intentaremos de nuevo en unas horas; también puedes pagarla ya.`,
      payLink: (date, amount) =>
        `No hemos podido cobrar a tu tarjeta los ${amount} de la caja del ${date}. Págala desde este enlace antes de que empecemos a prepararla; la tarjeta que uses quedará como tu tarjeta principal.`,
      missed: (date) =>
        `La caja del ${date} no se ha pagado a tiempo y no la prepararemos. Tu suscripción está pendiente de pago: la próxima caja se cobrará como siempre.`,
      suspended: (date) =>
        `Tampoco se ha podido cobrar la caja del ${date}, la segunda seguida. Hemos suspendido tu suscripción; puedes reactivarla desde tu cuenta cuando quieras.`,
      needsChange: (date) =>
        `No podemos preparar la caja del ${date} tal como está en tu suscripción: algo de lo que pediste ya no se ofrece (una caja, tu zona o tu franja de entrega). Cámbialo en tu suscripción antes de que empecemos a prepararla; mientras tanto no te cobramos nada.`,
    },
    action: {
      retrying: "Pagar ahora",
      payLink: "Pagar la caja",
      missed: "Ver mi suscripción",
      suspended: "Ver mi suscripción",
      needsChange: "Cambiar mi suscripción",
    },
    footer: "Te avisamos de cada cobro de tu suscripción que no sale bien.",
  },
  ca: {
    hello: "Hola",
    subject: {
      retrying: "No hem pogut cobrar la teva propera caixa",
      payLink: "Paga la teva propera caixa per rebre-la",
      missed: "La teva caixa no s'ha preparat: falta el pagament",
      suspended: "Hem suspès la teva subscripció",
      needsChange: "La teva propera caixa necessita un canvi",
    },
    paragraph: {
      retrying: (date, amount) =>
        `El teu banc no ha acceptat el cobrament de ${amount} de la caixa del ${date}. Ho tornarem a provar d'aquí a unes hores; també la pots pagar ara.`,
      payLink: (date, amount) =>
        `No hem pogut cobrar a la teva targeta els ${amount} de la caixa del ${date}. Paga-la des d'aquest enllaç abans que la comencem a preparar; la targeta que facis servir quedarà com la teva targeta principal.`,
      missed: (date) =>
        `La caixa del ${date} no s'ha pagat a temps i no la prepararem. La teva subscripció està pendent de pagament: la propera caixa es cobrarà com sempre.`,
      suspended: (date) =>
        `Tampoc s'ha pogut cobrar la caixa del ${date}, la segona seguida. Hem suspès la teva subscripció; la pots reactivar des del teu compte quan vulguis.`,
      needsChange: (date) =>
        `No podem preparar la caixa del ${date} tal com és a la teva subscripció: una part del que vas demanar ja no s'ofereix (una caixa, la teva zona o la teva franja de lliurament). Canvia-ho a la teva subscripció abans que la comencem a preparar; mentrestant no et cobrem res.`,
    },
    action: {
      retrying: "Pagar ara",
      payLink: "Pagar la caixa",
      missed: "Veure la meva subscripció",
      suspended: "Veure la meva subscripció",
      needsChange: "Canviar la meva subscripció",
    },
    footer: "T'avisem de cada cobrament de la teva subscripció que no surt bé.",
  },
  pt: {
    hello: "Olá",
    subject: {
      retrying: "Não conseguimos cobrar a sua próxima caixa",
      payLink: "Pague a sua próxima caixa para a receber",
      missed: "A sua caixa não foi preparada: falta o pagamento",
      suspended: "Suspendemos a sua subscrição",
      needsChange: "A sua próxima caixa precisa de uma alteração",
    },
    paragraph: {
      retrying: (date, amount) =>
        `O seu banco não aceitou a cobrança de ${amount} da caixa de ${date}. Voltaremos a tentar dentro de algumas horas; também pode pagá-la já.`,
      payLink: (date, amount) =>
        `Não conseguimos cobrar ao seu cartão os ${amount} da caixa de ${date}. Pague-a por esta ligação antes de começarmos a prepará-la; o cartão que usar ficará como o seu cartão principal.`,
      missed: (date) =>
        `A caixa de ${date} não foi paga a tempo e não a vamos preparar. A sua subscrição tem um pagamento em atraso: a próxima caixa será cobrada como sempre.`,
      suspended: (date) =>
        `Também não foi possível cobrar a caixa de ${date}, a segunda seguida. Suspendemos a sua subscrição; pode reativá-la na sua conta quando quiser.`,
      needsChange: (date) =>
        `Não conseguimos preparar a caixa de ${date} tal como está na sua subscrição: parte do que pediu já não é oferecida (uma caixa, a sua zona ou o seu horário de entrega). Altere-a na sua subscrição antes de começarmos a prepará-la; entretanto não lhe cobramos nada.`,
    },
    action: {
      retrying: "Pagar agora",
      payLink: "Pagar a caixa",
      missed: "Ver a minha subscrição",
      suspended: "Ver a minha subscrição",
      needsChange: "Alterar a minha subscrição",
    },
    footer: "Avisamos de cada cobrança da sua subscrição que não corra bem.",
  },
} as const satisfies Record<Locale, Texts>;

/** The mail's kind; one the template does not know (a caller's bug) reads as the pay link, the one that asks to act. */
function kindOf(props: SubscriptionRenewalProps): RenewalMailKind {
  return (RENEWAL_MAIL_KINDS as readonly string[]).includes(props.kind) ? props.kind : "payLink";
}

function paragraphOf(props: SubscriptionRenewalProps, locale: Locale): string {
  const date = longDate(props.date, locale);
  const amount = formatCents(props.amount, LOCALE_TAGS[locale]);
  return texts[locale].paragraph[kindOf(props)](date, amount);
}

function Email({ locale, ...props }: SubscriptionRenewalProps & { locale: Locale }) {
  const t = texts[locale];
  const paragraph = paragraphOf(props, locale);
  return (
    <AccountMessage
      locale={locale}
      preview={paragraph}
      heading={t.subject[kindOf(props)]}
      greeting={greet(t.hello, props.name)}
      paragraphs={[paragraph]}
      action={{ label: t.action[kindOf(props)], href: props.url }}
      footerNote={t.footer}
    />
  );
}

export const subscriptionRenewal = defineTemplate<SubscriptionRenewalProps>({
  subject: (props, locale) => texts[locale].subject[kindOf(props)],
  Email,
  sample: {
    name: "Ana",
    kind: "payLink",
    date: "2026-12-09",
    amount: 2890,
    url: "http://localhost:3000/order/pay?order=IMP-0000042",
  },
});

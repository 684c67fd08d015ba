import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";
import { longDate } from "./order-message";

/**
 * To a subscriber, after each change they make (docs/decisions/028): what changed, the first delivery
 * it applies to, and the next delivery with its charge (or, when cancelled, when the last box comes).
 */
export type SubscriptionChange =
  "skip" | "restore" | "gift" | "donate" | "pause" | "resume" | "cancel" | "restart" | "update";

export interface SubscriptionChangedProps {
  name: string | null;
  change: SubscriptionChange;
  /** The first delivery the change applies to; null when none does. */
  appliesFrom: string | null;
  /** The next delivery that comes, and what one delivery costs (null: cannot be told). */
  nextDelivery: string | null;
  pricePerDelivery: Cents | null;
  /** Cancelled: the last box that still comes (null: none). */
  lastDelivery?: string | null;
  /** The subscription's page in the account. */
  url: string;
}

interface Texts {
  hello: string;
  headings: Record<SubscriptionChange, string>;
  appliesFrom(date: string): string;
  next(date: string, price: string | null): string;
  noNext: string;
  last(date: string): string;
  noLast: string;
  action: string;
  footer: string;
}

const texts = {
  es: {
    hello: "Hola",
    headings: {
      skip: "Has saltado una entrega",
      restore: "Has recuperado una entrega",
      gift: "Has regalado una entrega",
      donate: "Has donado una entrega",
      pause: "Tu suscripción está en pausa",
      resume: "Tu suscripción vuelve a estar activa",
      cancel: "Has cancelado tu suscripción",
      restart: "Tu suscripción vuelve a empezar en cuanto pagues su primera entrega",
      update: "Hemos guardado los cambios de tu suscripción",
    },
    appliesFrom: (date) => `El cambio se aplica desde la entrega del ${date}.`,
    next: (date, price) => `Tu próxima entrega: ${date}${price === null ? "" : `, por ${price}`}.`,
    noNext: "No tienes ninguna entrega prevista.",
    last: (date) => `Tu última caja llega el ${date}.`,
    noLast: "No llegará ninguna caja más.",
    action: "Ver mi suscripción",
    footer: "Te avisamos de cada cambio de tu suscripción.",
  },
  ca: {
    hello: "Hola",
    headings: {
      skip: "Has saltat un lliurament",
      restore: "Has recuperat un lliurament",
      gift: "Has regalat un lliurament",
      donate: "Has donat un lliurament",
      pause: "La teva subscripció està en pausa",
      resume: "La teva subscripció torna a estar activa",
      cancel: "Has cancel·lat la teva subscripció",
      restart: "La teva subscripció torna a començar quan paguis el primer lliurament",
      update: "Hem desat els canvis de la teva subscripció",
    },
    appliesFrom: (date) => `El canvi s'aplica des del lliurament del ${date}.`,
    next: (date, price) => `El teu proper lliurament: ${date}${price === null ? "" : `, per ${price}`}.`,
    noNext: "No tens cap lliurament previst.",
    last: (date) => `La teva última caixa arriba el ${date}.`,
    noLast: "No arribarà cap caixa més.",
    action: "Veure la meva subscripció",
    footer: "T'avisem de cada canvi de la teva subscripció.",
  },
  pt: {
    hello: "Olá",
    headings: {
      skip: "Saltou uma entrega",
      restore: "Recuperou uma entrega",
      gift: "Ofereceu uma entrega",
      donate: "Doou uma entrega",
      pause: "A sua subscrição está em pausa",
      resume: "A sua subscrição voltou a estar ativa",
      cancel: "Cancelou a sua subscrição",
      restart: "A sua subscrição recomeça assim que pagar a primeira entrega",
      update: "Guardámos as alterações da sua subscrição",
    },
    appliesFrom: (date) => `A alteração aplica-se a partir da entrega de ${date}.`,
    next: (date, price) => `A sua próxima entrega: ${date}${price === null ? "" : `, por ${price}`}.`,
    noNext: "Não tem nenhuma entrega prevista.",
    last: (date) => `A sua última caixa chega a ${date}.`,
    noLast: "Não chegará mais nenhuma caixa.",
    action: "Ver a minha subscrição",
    footer: "Avisamos de cada alteração da sua subscrição.",
  },
} as const satisfies Record<Locale, Texts>;

function paragraphs(props: SubscriptionChangedProps, locale: Locale): string[] {
  const t: Texts = texts[locale];
  const date = (iso: string) => longDate(iso, locale);
  const lines = props.appliesFrom === null ? [] : [t.appliesFrom(date(props.appliesFrom))];
  if (props.change === "cancel") {
    lines.push(props.lastDelivery ? t.last(date(props.lastDelivery)) : t.noLast);
    return lines;
  }
  const price = props.pricePerDelivery === null ? null : formatCents(props.pricePerDelivery, LOCALE_TAGS[locale]);
  lines.push(props.nextDelivery === null ? t.noNext : t.next(date(props.nextDelivery), price));
  return lines;
}

export const subscriptionChanged = defineTemplate<SubscriptionChangedProps>({
  subject: (props, locale) => texts[locale].headings[props.change],
  Email({ locale, ...props }) {
    const t = texts[locale];
    const body = paragraphs(props, locale);
    return (
      <AccountMessage
        locale={locale}
        preview={body[0] ?? t.headings[props.change]}
        heading={t.headings[props.change]}
        greeting={greet(t.hello, props.name)}
        paragraphs={body}
        action={{ label: t.action, href: props.url }}
        footerNote={t.footer}
      />
    );
  },
  sample: {
    name: "Ana",
    change: "skip",
    appliesFrom: "2026-12-09",
    nextDelivery: "2026-12-16",
    pricePerDelivery: 2690,
    url: "http://localhost:3000/mi-cuenta/suscripciones/k3j4h5g6f7d8s9a0",
  },
});

import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";
import { longDate } from "./order-message";

/**
 * To a subscriber when a box of theirs changes price (docs/decisions/032): one delivery's price
 * before and after, and the first delivery charged at the new one, at least 7 days away. Until then
 * renewals keep the price they were told.
 */
export interface SubscriptionPriceNoticeProps {
  name: string | null;
  /** The box whose price changes, in the subscription's language. */
  box: string;
  /** One delivery's total (boxes, extras, shipping) at the old and at the new price. */
  oldPrice: Cents;
  newPrice: Cents;
  /** The first delivery charged at the new price (YYYY-MM-DD). */
  appliesFrom: string;
  /** The subscription's page in the account. */
  url: string;
}

interface Texts {
  hello: string;
  subject: string;
  paragraph(box: string, from: string): string;
  prices(oldPrice: string, newPrice: string): string;
  choice: string;
  action: string;
  footer: string;
}

const texts = {
  es: {
    hello: "Hola",
    subject: "Cambia el precio de tu suscripción",
    paragraph: (box, from) => `El precio de «${box}» cambia a partir de la entrega del ${from}.`,
    prices: (oldPrice, newPrice) => `Cada entrega pasa de ${oldPrice} a ${newPrice}.`,
    choice:
      "Hasta entonces pagas lo de siempre. Si lo prefieres, puedes cambiar la caja, pausar o cancelar desde tu cuenta.",
    action: "Ver mi suscripción",
    footer: "Te avisamos de cada cambio de precio al menos 7 días antes de cobrarlo.",
  },
  ca: {
    hello: "Hola",
    subject: "Canvia el preu de la teva subscripció",
    paragraph: (box, from) => `El preu de «${box}» canvia a partir del lliurament del ${from}.`,
    prices: (oldPrice, newPrice) => `Cada lliurament passa de ${oldPrice} a ${newPrice}.`,
    choice:
      "Fins aleshores pagues el mateix de sempre. Si ho prefereixes, pots canviar la caixa, pausar o cancel·lar des del teu compte.",
    action: "Veure la meva subscripció",
    footer: "T'avisem de cada canvi de preu com a mínim 7 dies abans de cobrar-lo.",
  },
  pt: {
    hello: "Olá",
    subject: "O preço da sua subscrição vai mudar",
    paragraph: (box, from) => `O preço de «${box}» muda a partir da entrega de ${from}.`,
    prices: (oldPrice, newPrice) => `Cada entrega passa de ${oldPrice} para ${newPrice}.`,
    choice: "Até lá paga o mesmo de sempre. Se preferir, pode mudar a caixa, pausar ou cancelar na sua conta.",
    action: "Ver a minha subscrição",
    footer: "Avisamos de cada mudança de preço pelo menos 7 dias antes de a cobrar.",
  },
} as const satisfies Record<Locale, Texts>;

function Email({ locale, ...props }: SubscriptionPriceNoticeProps & { locale: Locale }) {
  const t = texts[locale];
  const money = (cents: Cents) => formatCents(cents, LOCALE_TAGS[locale]);
  const paragraph = t.paragraph(props.box, longDate(props.appliesFrom, locale));
  return (
    <AccountMessage
      locale={locale}
      preview={paragraph}
      heading={t.subject}
      greeting={greet(t.hello, props.name)}
      paragraphs={[paragraph, t.prices(money(props.oldPrice), money(props.newPrice)), t.choice]}
      action={{ label: t.action, href: props.url }}
      footerNote={t.footer}
    />
  );
}

export const subscriptionPriceNotice = defineTemplate<SubscriptionPriceNoticeProps>({
  subject: (_props, locale) => texts[locale].subject,
  Email,
  sample: {
    name: "Ana",
    box: "Caja mediana de verduras",
    oldPrice: 2890,
    newPrice: 3050,
    appliesFrom: "2026-12-09",
    url: "http://localhost:3000/mi-cuenta/suscripciones/abc",
  },
});

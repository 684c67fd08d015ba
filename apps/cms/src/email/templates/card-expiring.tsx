import type { Locale } from "@shop/domain";
import { AccountMessage, greet } from "./account-message";
import { defineTemplate } from "../template";

/** To a customer 30 days before a saved card expires (docs/decisions/029): add another before renewals fail. */
export interface CardExpiringProps {
  name: string | null;
  /** "VISA •••• 4242". */
  card: string;
  /** "12/2026". */
  expiry: string;
  /** The profile's cards, where a card is added. */
  url: string;
}

const texts = {
  es: {
    subject: (props: CardExpiringProps) => `Tu tarjeta ${props.card} caduca pronto`,
    hello: "Hola",
    heading: "Tu tarjeta caduca pronto",
    paragraph: (props: CardExpiringProps) =>
      `Tu tarjeta ${props.card}, guardada en tu cuenta, caduca el ${props.expiry}. Añade otra antes para que tus suscripciones se sigan cobrando sin cortes.`,
    action: "Añadir una tarjeta",
    after: "Si ya la has cambiado, no tienes que hacer nada.",
    footer: "Te avisamos una vez, 30 días antes de que caduque una tarjeta guardada.",
  },
  ca: {
    subject: (props: CardExpiringProps) => `La teva targeta ${props.card} caduca aviat`,
    hello: "Hola",
    heading: "La teva targeta caduca aviat",
    paragraph: (props: CardExpiringProps) =>
      `La teva targeta ${props.card}, desada al teu compte, caduca el ${props.expiry}. Afegeix-ne una altra abans perquè les teves subscripcions es continuïn cobrant sense talls.`,
    action: "Afegir una targeta",
    after: "Si ja l'has canviada, no cal que facis res.",
    footer: "T'avisem una vegada, 30 dies abans que caduqui una targeta desada.",
  },
  pt: {
    subject: (props: CardExpiringProps) => `O seu cartão ${props.card} expira em breve`,
    hello: "Olá",
    heading: "O seu cartão expira em breve",
    paragraph: (props: CardExpiringProps) =>
      `O seu cartão ${props.card}, guardado na sua conta, expira em ${props.expiry}. Adicione outro antes para que as suas subscrições continuem a ser cobradas sem interrupções.`,
    action: "Adicionar um cartão",
    after: "Se já o alterou, não precisa de fazer nada.",
    footer: "Avisamos uma vez, 30 dias antes de um cartão guardado expirar.",
  },
} as const satisfies Record<Locale, object>;

function Email({ locale, ...props }: CardExpiringProps & { locale: Locale }) {
  const t = texts[locale];
  const paragraph = t.paragraph(props);
  return (
    <AccountMessage
      locale={locale}
      preview={paragraph}
      heading={t.heading}
      greeting={greet(t.hello, props.name)}
      paragraphs={[paragraph]}
      action={{ label: t.action, href: props.url }}
      after={[t.after]}
      footerNote={t.footer}
    />
  );
}

export const cardExpiring = defineTemplate<CardExpiringProps>({
  subject: (props, locale) => texts[locale].subject(props),
  Email,
  sample: {
    name: "Ana",
    card: "VISA •••• 4242",
    expiry: "12/2026",
    url: "http://localhost:3000/mi-cuenta/perfil#cards",
  },
});

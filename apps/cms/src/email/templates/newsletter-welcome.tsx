import type { Locale } from "@shop/domain";
import { ActionButton, EmailHeading, Paragraph } from "../components";
import { defineTemplate } from "../template";
import { NewsletterMessage, type NewsletterMailProps } from "./newsletter-message";

/** The first newsletter mail, sent once the subscription is confirmed. */
export interface NewsletterWelcomeProps extends NewsletterMailProps {
  /** The storefront's boxes page, in the subscriber's language. */
  url: string;
}

const texts = {
  es: {
    subject: "Ya recibes la newsletter de Imperfecta",
    heading: "Ya estás en la lista",
    paragraphs: [
      "Gracias por confirmarlo. Una vez al mes te contaremos qué fruta y verdura hemos rescatado, qué llevan las cajas de la temporada y cuántos kilos hemos salvado entre todos.",
      "Mientras tanto, estas son las cajas de esta semana.",
    ],
    action: "Ver las cajas",
  },
  ca: {
    subject: "Ja reps la newsletter d'Imperfecta",
    heading: "Ja ets a la llista",
    paragraphs: [
      "Gràcies per confirmar-ho. Un cop al mes t'explicarem quina fruita i verdura hem rescatat, què porten les caixes de la temporada i quants quilos hem salvat entre tots.",
      "Mentrestant, aquestes són les caixes d'aquesta setmana.",
    ],
    action: "Veure les caixes",
  },
  pt: {
    subject: "Já recebe a newsletter da Imperfecta",
    heading: "Já está na lista",
    paragraphs: [
      "Obrigado por confirmar. Uma vez por mês contamos-lhe que fruta e legumes resgatámos, o que levam as caixas da época e quantos quilos salvámos todos juntos.",
      "Entretanto, estas são as caixas desta semana.",
    ],
    action: "Ver as caixas",
  },
} as const satisfies Record<
  Locale,
  { subject: string; heading: string; paragraphs: readonly string[]; action: string }
>;

function Email({ locale, url, unsubscribeUrl }: NewsletterWelcomeProps & { locale: Locale }) {
  const t = texts[locale];
  return (
    <NewsletterMessage locale={locale} preview={t.paragraphs[0]} unsubscribeUrl={unsubscribeUrl}>
      <EmailHeading>{t.heading}</EmailHeading>
      {t.paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <ActionButton href={url}>{t.action}</ActionButton>
    </NewsletterMessage>
  );
}

export const newsletterWelcome = defineTemplate<NewsletterWelcomeProps>({
  subject: (_props, locale) => texts[locale].subject,
  Email,
  sample: {
    url: "http://localhost:3000/nuestras-cajas",
    unsubscribeUrl: "http://localhost:3000/newsletter/baja?token=k3j2.abc",
  },
});

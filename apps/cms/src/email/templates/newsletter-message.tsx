import type { Locale } from "@shop/domain";
import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { EmailLink } from "../components";
import { EmailLayout } from "../layout";
import { colors } from "../theme";

/**
 * What every newsletter mail has (the welcome, and each campaign to come): a visible unsubscribe
 * link in the body, beside the List-Unsubscribe headers that src/newsletter/newsletter.ts adds
 * (RFC 8058). The confirmation request is not a newsletter mail and has neither.
 */
export interface NewsletterMailProps {
  /** The storefront's unsubscribe page with this subscriber's token: one click, no sign-in. */
  unsubscribeUrl: string;
}

const texts = {
  es: {
    lead: "¿Ya no quieres recibir la newsletter?",
    link: "Darme de baja",
    footer: "Recibes este correo porque te suscribiste a la newsletter de Imperfecta.",
  },
  ca: {
    lead: "Ja no vols rebre la newsletter?",
    link: "Donar-me de baixa",
    footer: "Reps aquest correu perquè et vas subscriure a la newsletter d'Imperfecta.",
  },
  pt: {
    lead: "Já não quer receber a newsletter?",
    link: "Cancelar a subscrição",
    footer: "Recebe este e-mail porque subscreveu a newsletter da Imperfecta.",
  },
} as const satisfies Record<Locale, { lead: string; link: string; footer: string }>;

export interface NewsletterMessageProps extends NewsletterMailProps {
  locale: Locale;
  preview: string;
  children: ReactNode;
}

/** The frame of a newsletter mail: the shop's layout, the body, then the way out. */
export function NewsletterMessage({ locale, preview, unsubscribeUrl, children }: NewsletterMessageProps) {
  const t = texts[locale];
  return (
    <EmailLayout locale={locale} preview={preview} footerNote={t.footer}>
      {children}
      <Text style={{ margin: "28px 0 0", fontSize: "14px", lineHeight: "22px", color: colors.muted }}>
        {`${t.lead} `}
        <EmailLink href={unsubscribeUrl}>{t.link}</EmailLink>
      </Text>
    </EmailLayout>
  );
}

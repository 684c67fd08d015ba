import type { Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";

/**
 * To the address given in the companies (B2B) form, in the language of the page it was sent from:
 * the request arrived and what happens next. The address is not verified, so this mail carries no
 * word the visitor typed (no name, company or message): anyone could otherwise make the shop's
 * signed domain deliver their text to any inbox (a spam relay). What
 * the visitor wrote reaches staff only; they answer from it. src/forms/forms.ts also sends at most one
 * acknowledgement per address a day.
 */
export interface CompanyLeadReceivedProps {
  /** The storefront's companies page, in the visitor's language. */
  url: string;
}

interface Texts {
  subject: string;
  hello: string;
  heading: string;
  paragraphs: string[];
  action: string;
  footer: string;
}

const texts = {
  es: {
    subject: "Hemos recibido tu solicitud para empresas",
    hello: "Hola",
    heading: "Gracias por escribirnos",
    paragraphs: [
      "Hemos recibido tu solicitud para recibir fruta y verdura imperfecta en la empresa.",
      "Alguien del equipo de empresas te responderá en un plazo de dos días laborables con una propuesta a vuestra medida. Si quieres añadir algo, responde a este correo.",
      "Si no has enviado tú el formulario, no hagas nada: no te escribiremos más.",
    ],
    action: "Ver la oferta para empresas",
    footer: "Recibes este correo porque alguien ha enviado el formulario de empresas de Imperfecta con esta dirección.",
  },
  ca: {
    subject: "Hem rebut la teva sol·licitud per a empreses",
    hello: "Hola",
    heading: "Gràcies per escriure'ns",
    paragraphs: [
      "Hem rebut la teva sol·licitud per rebre fruita i verdura imperfecta a l'empresa.",
      "Algú de l'equip d'empreses et respondrà en un termini de dos dies laborables amb una proposta a la vostra mida. Si vols afegir alguna cosa, respon aquest correu.",
      "Si no has enviat tu el formulari, no cal que facis res: no t'escriurem més.",
    ],
    action: "Veure l'oferta per a empreses",
    footer: "Reps aquest correu perquè algú ha enviat el formulari d'empreses d'Imperfecta amb aquesta adreça.",
  },
  pt: {
    subject: "Recebemos o seu pedido para empresas",
    hello: "Olá",
    heading: "Obrigado por nos escrever",
    paragraphs: [
      "Recebemos o seu pedido para receber fruta e legumes imperfeitos na empresa.",
      "Alguém da equipa de empresas vai responder-lhe dentro de dois dias úteis com uma proposta à vossa medida. Se quiser acrescentar algo, responda a este e-mail.",
      "Se não foi você a enviar o formulário, não precisa de fazer nada: não voltaremos a escrever-lhe.",
    ],
    action: "Ver a oferta para empresas",
    footer: "Recebe este e-mail porque alguém enviou o formulário de empresas da Imperfecta com este endereço.",
  },
} as const satisfies Record<Locale, Texts>;

function Email({ locale, url }: CompanyLeadReceivedProps & { locale: Locale }) {
  const t = texts[locale];
  return (
    <AccountMessage
      locale={locale}
      preview={t.paragraphs[0]}
      heading={t.heading}
      greeting={greet(t.hello, null)}
      paragraphs={t.paragraphs}
      action={{ label: t.action, href: url }}
      footerNote={t.footer}
    />
  );
}

export const companyLeadReceived = defineTemplate<CompanyLeadReceivedProps>({
  subject: (_props, locale) => texts[locale].subject,
  Email,
  sample: { url: "http://localhost:3000/ca/empreses" },
});

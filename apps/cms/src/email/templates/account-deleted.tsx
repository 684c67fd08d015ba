import type { DeletionKept } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";

/** To a customer who has just deleted their account: what went, and what the law makes the shop keep. */
export interface AccountDeletedProps {
  name: string | null;
  /** What was kept (DeleteAccountAnswer's codes). */
  kept: readonly DeletionKept[];
}

interface Texts {
  subject: string;
  hello: string;
  heading: string;
  paragraphs: readonly string[];
  kept: Record<DeletionKept, string>;
  after: readonly string[];
  footer: string;
}

const texts = {
  es: {
    subject: "Hemos borrado tu cuenta",
    hello: "Hola",
    heading: "Tu cuenta se ha borrado",
    paragraphs: [
      "Como nos has pedido, hemos borrado tu cuenta de Imperfecta: tu perfil, tus direcciones, tus sesiones abiertas y tu suscripción a la newsletter.",
    ],
    kept: {
      consentLog:
        "Guardamos, sin tu dirección de correo, el registro de cuándo diste y retiraste tu consentimiento para la newsletter: la ley nos pide poder demostrarlo.",
    },
    after: ["Si no lo has pedido tú, responde a este correo y te ayudaremos."],
    footer: "Recibes este correo porque se ha borrado la cuenta de esta dirección.",
  },
  ca: {
    subject: "Hem esborrat el teu compte",
    hello: "Hola",
    heading: "El teu compte s'ha esborrat",
    paragraphs: [
      "Com ens has demanat, hem esborrat el teu compte d'Imperfecta: el teu perfil, les teves adreces, les teves sessions obertes i la teva subscripció a la newsletter.",
    ],
    kept: {
      consentLog:
        "Guardem, sense la teva adreça de correu, el registre de quan vas donar i retirar el teu consentiment per a la newsletter: la llei ens demana poder-ho demostrar.",
    },
    after: ["Si no ho has demanat tu, respon aquest correu i t'ajudarem."],
    footer: "Reps aquest correu perquè s'ha esborrat el compte d'aquesta adreça.",
  },
  pt: {
    subject: "Eliminámos a sua conta",
    hello: "Olá",
    heading: "A sua conta foi eliminada",
    paragraphs: [
      "Como nos pediu, eliminámos a sua conta da Imperfecta: o seu perfil, as suas moradas, as suas sessões abertas e a sua subscrição da newsletter.",
    ],
    kept: {
      consentLog:
        "Guardamos, sem o seu endereço de e-mail, o registo de quando deu e retirou o seu consentimento para a newsletter: a lei pede-nos que o possamos demonstrar.",
    },
    after: ["Se não foi você que pediu, responda a este e-mail e ajudamos."],
    footer: "Recebe este e-mail porque a conta deste endereço foi eliminada.",
  },
} as const satisfies Record<Locale, Texts>;

function Email({ locale, name, kept }: AccountDeletedProps & { locale: Locale }) {
  const t = texts[locale];
  return (
    <AccountMessage
      locale={locale}
      preview={t.paragraphs[0]}
      heading={t.heading}
      greeting={greet(t.hello, name)}
      paragraphs={[...t.paragraphs, ...kept.map((code) => t.kept[code])]}
      after={t.after}
      footerNote={t.footer}
    />
  );
}

export const accountDeleted = defineTemplate<AccountDeletedProps>({
  subject: (_props, locale) => texts[locale].subject,
  Email,
  sample: { name: "Ana", kept: ["consentLog"] },
});

import type { Locale } from "@shop/domain";
import { defineAccountTemplate, type AccountMailProps, type AccountTexts } from "./account-message";

/**
 * To an address someone asked the newsletter for (a visitor in the footer, or a customer in their
 * account): confirm it (double opt-in). The link opens the storefront's confirmation page.
 */
export type NewsletterConfirmProps = AccountMailProps;

const texts = {
  es: {
    subject: () => "Confirma tu suscripción a la newsletter",
    hello: "Hola",
    heading: "Confirma tu suscripción",
    paragraphs: [
      "Has pedido recibir la newsletter de Imperfecta en esta dirección: qué fruta y verdura rescatamos, las cajas de la temporada y poco más, una vez al mes.",
    ],
    action: "Sí, quiero recibirla",
    after: ["El enlace caduca en 7 días. Si no lo has pedido tú, ignora este mensaje: no te escribiremos más."],
    footer: "Recibes este correo porque alguien ha pedido la newsletter de Imperfecta con esta dirección.",
  },
  ca: {
    subject: () => "Confirma la teva subscripció a la newsletter",
    hello: "Hola",
    heading: "Confirma la teva subscripció",
    paragraphs: [
      "Has demanat rebre la newsletter d'Imperfecta en aquesta adreça: quina fruita i verdura rescatem, les caixes de la temporada i poca cosa més, un cop al mes.",
    ],
    action: "Sí, la vull rebre",
    after: ["L'enllaç caduca d'aquí a 7 dies. Si no ho has demanat tu, ignora aquest missatge: no t'escriurem més."],
    footer: "Reps aquest correu perquè algú ha demanat la newsletter d'Imperfecta amb aquesta adreça.",
  },
  pt: {
    subject: () => "Confirme a sua subscrição da newsletter",
    hello: "Olá",
    heading: "Confirme a sua subscrição",
    paragraphs: [
      "Pediu para receber a newsletter da Imperfecta neste endereço: que fruta e legumes resgatamos, as caixas da época e pouco mais, uma vez por mês.",
    ],
    action: "Sim, quero recebê-la",
    after: [
      "A ligação expira dentro de 7 dias. Se não foi você que pediu, ignore esta mensagem: não voltaremos a escrever.",
    ],
    footer: "Recebe este e-mail porque alguém pediu a newsletter da Imperfecta com este endereço.",
  },
} as const satisfies Record<Locale, AccountTexts<NewsletterConfirmProps>>;

export const newsletterConfirm = defineAccountTemplate<NewsletterConfirmProps>(texts, {
  name: null,
  url: "http://localhost:3000/newsletter/confirmar?token=3f9a0c",
});

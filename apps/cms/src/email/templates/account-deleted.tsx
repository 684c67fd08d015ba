import type { DeletionKept, DeletionStopped } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";
import { longDate } from "./order-message";

/**
 * To a customer who has just deleted their account: what went, what stopped (subscriptions, unpaid
 * orders; paid orders still on their way), and what the law makes the shop keep, for how long and why.
 */
export interface AccountDeletedProps {
  name: string | null;
  /** What was kept (DeleteAccountAnswer's codes). */
  kept: readonly DeletionKept[];
  /** What the deletion stopped (DeleteAccountAnswer's `stopped`). */
  stopped: DeletionStopped;
}

interface Texts {
  subject: string;
  hello: string;
  heading: string;
  paragraphs: readonly string[];
  subscriptions: (count: number) => string;
  unpaidOrders: (numbers: string) => string;
  stillDelivered: (number: string, date: string) => string;
  giftCardsReleased: (count: number) => string;
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
    subscriptions: (count) =>
      count === 1
        ? "Hemos cancelado tu suscripción: no recibirás más entregas ni cobros por ella."
        : `Hemos cancelado tus ${count} suscripciones: no recibirás más entregas ni cobros por ellas.`,
    unpaidOrders: (numbers) => `Hemos cancelado los pedidos sin pagar: ${numbers}. No se cobrarán ni se entregarán.`,
    stillDelivered: (number, date) => `Tu pedido ${number}, ya pagado, se entregará igualmente el ${date}.`,
    giftCardsReleased: (count) =>
      count === 1
        ? "La tarjeta regalo que tenías en tu cuenta ha salido de ella, pero no la hemos borrado: su código sigue valiendo, con el saldo que le quedaba, para quien lo tenga. Guárdalo si quieres usarlo."
        : `Las ${count} tarjetas regalo que tenías en tu cuenta han salido de ella, pero no las hemos borrado: sus códigos siguen valiendo, con el saldo que les quedaba, para quien los tenga. Guárdalos si quieres usarlos.`,
    kept: {
      orders:
        "Guardamos tus pedidos y sus datos de factura durante seis años, como exige la ley a los libros y justificantes de contabilidad (Código de Comercio, artículo 30), sin tu cuenta, tu correo, tu teléfono ni tus consentimientos de publicidad. La dirección de entrega solo se queda hasta entregar los pedidos que estén en camino; después, solo el código postal y la ciudad.",
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
    subscriptions: (count) =>
      count === 1
        ? "Hem cancel·lat la teva subscripció: no rebràs més lliuraments ni càrrecs per ella."
        : `Hem cancel·lat les teves ${count} subscripcions: no rebràs més lliuraments ni càrrecs per elles.`,
    unpaidOrders: (numbers) => `Hem cancel·lat les comandes sense pagar: ${numbers}. No es cobraran ni es lliuraran.`,
    stillDelivered: (number, date) => `La teva comanda ${number}, ja pagada, es lliurarà igualment el ${date}.`,
    giftCardsReleased: (count) =>
      count === 1
        ? "La targeta regal que tenies al compte n'ha sortit, però no l'hem esborrada: el seu codi continua valent, amb el saldo que li quedava, per a qui el tingui. Guarda'l si el vols fer servir."
        : `Les ${count} targetes regal que tenies al compte n'han sortit, però no les hem esborrades: els seus codis continuen valent, amb el saldo que els quedava, per a qui els tingui. Guarda'ls si els vols fer servir.`,
    kept: {
      orders:
        "Guardem les teves comandes i les seves dades de factura durant sis anys, com exigeix la llei als llibres i justificants de comptabilitat (Código de Comercio, article 30), sense el teu compte, el teu correu, el teu telèfon ni els teus consentiments de publicitat. L'adreça de lliurament només es queda fins a lliurar les comandes que siguin de camí; després, només el codi postal i la ciutat.",
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
    subscriptions: (count) =>
      count === 1
        ? "Cancelámos a sua subscrição: não receberá mais entregas nem cobranças por ela."
        : `Cancelámos as suas ${count} subscrições: não receberá mais entregas nem cobranças por elas.`,
    unpaidOrders: (numbers) => `Cancelámos as encomendas por pagar: ${numbers}. Não serão cobradas nem entregues.`,
    stillDelivered: (number, date) => `A sua encomenda ${number}, já paga, será entregue na mesma a ${date}.`,
    giftCardsReleased: (count) =>
      count === 1
        ? "O cartão-presente que tinha na sua conta saiu dela, mas não o apagámos: o código continua válido, com o saldo que lhe restava, para quem o tiver. Guarde-o se o quiser usar."
        : `Os ${count} cartões-presente que tinha na sua conta saíram dela, mas não os apagámos: os códigos continuam válidos, com o saldo que lhes restava, para quem os tiver. Guarde-os se os quiser usar.`,
    kept: {
      orders:
        "Guardamos as suas encomendas e os dados de faturação durante seis anos, como a lei espanhola exige para os livros e comprovativos da contabilidade (Código de Comercio, artigo 30), sem a sua conta, o seu e-mail, o seu telefone nem os seus consentimentos de publicidade. A morada de entrega só fica até entregarmos as encomendas a caminho; depois, apenas o código postal e a cidade.",
      consentLog:
        "Guardamos, sem o seu endereço de e-mail, o registo de quando deu e retirou o seu consentimento para a newsletter: a lei pede-nos que o possamos demonstrar.",
    },
    after: ["Se não foi você que pediu, responda a este e-mail e ajudamos."],
    footer: "Recebe este e-mail porque a conta deste endereço foi eliminada.",
  },
} as const satisfies Record<Locale, Texts>;

/** What stopped, one paragraph each: nothing when nothing was going on. */
function stoppedParagraphs(t: Texts, stopped: DeletionStopped, locale: Locale): string[] {
  const paragraphs: string[] = [];
  if (stopped.subscriptions > 0) paragraphs.push(t.subscriptions(stopped.subscriptions));
  if (stopped.unpaidOrders.length > 0) paragraphs.push(t.unpaidOrders(stopped.unpaidOrders.join(", ")));
  for (const delivery of stopped.stillDelivered) {
    paragraphs.push(t.stillDelivered(delivery.number, longDate(delivery.date, locale)));
  }
  if (stopped.giftCardsReleased > 0) paragraphs.push(t.giftCardsReleased(stopped.giftCardsReleased));
  return paragraphs;
}

function Email({ locale, name, kept, stopped }: AccountDeletedProps & { locale: Locale }) {
  const t: Texts = texts[locale];
  return (
    <AccountMessage
      locale={locale}
      preview={t.paragraphs[0] ?? t.heading}
      heading={t.heading}
      greeting={greet(t.hello, name)}
      paragraphs={[...t.paragraphs, ...stoppedParagraphs(t, stopped, locale), ...kept.map((code) => t.kept[code])]}
      after={t.after}
      footerNote={t.footer}
    />
  );
}

export const accountDeleted = defineTemplate<AccountDeletedProps>({
  subject: (_props, locale) => texts[locale].subject,
  Email,
  sample: {
    name: "Ana",
    kept: ["orders", "consentLog"],
    stopped: {
      subscriptions: 1,
      unpaidOrders: ["IMP-0000123"],
      stillDelivered: [{ number: "IMP-0000118", date: "2031-03-14" }],
      giftCardsReleased: 1,
    },
  },
});

import type { Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";
import { longDate } from "./order-message";

/** To a friend a subscriber sends one delivery to: who sends it, when it comes, their note. */
export interface SubscriptionGiftProps {
  /** The friend's name, as the subscriber wrote it. */
  name: string;
  /** The subscriber's first name, or null (then the mail says "someone"). */
  from: string | null;
  date: string;
  /** The street line it is delivered to, so that the friend knows it is theirs. */
  street: string;
  note: string;
  /** The shop's home page. */
  url: string;
}

interface Texts {
  subject(from: string | null): string;
  hello: string;
  sends(from: string | null, date: string, street: string): string;
  note(note: string): string;
  what: string;
  action: string;
  footer: string;
}

const texts = {
  es: {
    subject: (from) => `${from ?? "Alguien"} te regala una caja de fruta y verdura`,
    hello: "Hola",
    sends: (from, date, street) =>
      `${from ?? "Alguien"} te regala su caja de Imperfecta: llega el ${date} a ${street}.`,
    note: (note) => `Su nota: «${note}»`,
    what: "Es fruta y verdura de temporada que, por su aspecto, se habría tirado.",
    action: "Conocer Imperfecta",
    footer: "Recibes este correo porque un cliente de Imperfecta te ha enviado una entrega.",
  },
  ca: {
    subject: (from) => `${from ?? "Algú"} et regala una caixa de fruita i verdura`,
    hello: "Hola",
    sends: (from, date, street) =>
      `${from ?? "Algú"} et regala la seva caixa d'Imperfecta: arriba el ${date} a ${street}.`,
    note: (note) => `La seva nota: «${note}»`,
    what: "És fruita i verdura de temporada que, pel seu aspecte, s'hauria llençat.",
    action: "Conèixer Imperfecta",
    footer: "Reps aquest correu perquè un client d'Imperfecta t'ha enviat un lliurament.",
  },
  pt: {
    subject: (from) => `${from ?? "Alguém"} oferece-lhe uma caixa de fruta e legumes`,
    hello: "Olá",
    sends: (from, date, street) =>
      `${from ?? "Alguém"} oferece-lhe a sua caixa Imperfecta: chega a ${date} a ${street}.`,
    note: (note) => `A nota: «${note}»`,
    what: "É fruta e legumes da época que, pelo seu aspeto, teriam ido para o lixo.",
    action: "Conhecer a Imperfecta",
    footer: "Recebe este e-mail porque um cliente da Imperfecta lhe enviou uma entrega.",
  },
} as const satisfies Record<Locale, Texts>;

export const subscriptionGift = defineTemplate<SubscriptionGiftProps>({
  subject: (props, locale) => texts[locale].subject(props.from),
  Email({ locale, ...props }) {
    const t: Texts = texts[locale];
    const sends = t.sends(props.from, longDate(props.date, locale), props.street);
    return (
      <AccountMessage
        locale={locale}
        preview={sends}
        heading={t.subject(props.from)}
        greeting={greet(t.hello, props.name)}
        paragraphs={[sends, ...(props.note === "" ? [] : [t.note(props.note)]), t.what]}
        action={{ label: t.action, href: props.url }}
        footerNote={t.footer}
      />
    );
  },
  sample: {
    name: "Marta",
    from: "Ana",
    date: "2026-12-09",
    street: "Carrer de la Pau 3",
    note: "¡Para tu cena del viernes!",
    url: "http://localhost:3000/",
  },
});

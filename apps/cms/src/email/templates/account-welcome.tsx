import type { Locale } from "@shop/domain";
import { defineAccountTemplate, type AccountMailProps, type AccountTexts } from "./account-message";

/** To a customer whose address has just been confirmed: the account is ready. */
export type AccountWelcomeProps = AccountMailProps;

const texts = {
  es: {
    subject: () => "Te damos la bienvenida a Imperfecta",
    hello: "Hola",
    heading: "Te damos la bienvenida",
    paragraphs: [
      "Tu cuenta está lista. Cada caja que pides rescata fruta y verdura que, por su aspecto, se habría tirado.",
    ],
    action: "Ir a mi cuenta",
    after: [],
    footer: "Recibes este correo porque has confirmado tu cuenta.",
  },
  ca: {
    subject: () => "Et donem la benvinguda a Imperfecta",
    hello: "Hola",
    heading: "Et donem la benvinguda",
    paragraphs: [
      "El teu compte està a punt. Cada caixa que demanes rescata fruita i verdura que, pel seu aspecte, s'hauria llençat.",
    ],
    action: "Anar al meu compte",
    after: [],
    footer: "Reps aquest correu perquè has confirmat el teu compte.",
  },
  pt: {
    subject: () => "Damos-lhe as boas-vindas à Imperfecta",
    hello: "Olá",
    heading: "Damos-lhe as boas-vindas",
    paragraphs: [
      "A sua conta está pronta. Cada caixa que encomenda resgata fruta e legumes que, pelo aspeto, iriam para o lixo.",
    ],
    action: "Ir para a minha conta",
    after: [],
    footer: "Recebe este e-mail porque confirmou a sua conta.",
  },
} as const satisfies Record<Locale, AccountTexts<AccountWelcomeProps>>;

export const accountWelcome = defineAccountTemplate<AccountWelcomeProps>(texts, {
  name: "Ana",
  url: "http://localhost:3000/mi-cuenta",
});

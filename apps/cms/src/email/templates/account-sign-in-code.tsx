import type { Locale } from "@shop/domain";
import { defineAccountTemplate, type AccountMailProps, type AccountTexts } from "./account-message";

/**
 * To a customer who asked to sign in by e-mail: a 6-digit code, valid 10 minutes, single use. The
 * code is in the body only: a subject shows on a locked phone's screen, and so would the code.
 */
export interface AccountSignInCodeProps extends AccountMailProps {
  /** The digits to type. */
  code: string;
}

const texts = {
  es: {
    subject: () => "Tu código para entrar en Imperfecta",
    hello: "Hola",
    heading: "Tu código para entrar",
    paragraphs: ["Escribe este código en la página de inicio de sesión:"],
    action: "Ir a iniciar sesión",
    after: [
      "Caduca en 10 minutos y sirve una sola vez. Si no has pedido entrar, ignora este mensaje: nadie puede entrar sin el código.",
    ],
    footer: "Recibes este correo porque se ha pedido un código para entrar en tu cuenta.",
  },
  ca: {
    subject: () => "El teu codi per entrar a Imperfecta",
    hello: "Hola",
    heading: "El teu codi per entrar",
    paragraphs: ["Escriu aquest codi a la pàgina d'inici de sessió:"],
    action: "Anar a iniciar sessió",
    after: [
      "Caduca d'aquí a 10 minuts i només serveix una vegada. Si no has demanat entrar, ignora aquest missatge: ningú no pot entrar sense el codi.",
    ],
    footer: "Reps aquest correu perquè s'ha demanat un codi per entrar al teu compte.",
  },
  pt: {
    subject: () => "O seu código para entrar na Imperfecta",
    hello: "Olá",
    heading: "O seu código para entrar",
    paragraphs: ["Escreva este código na página de início de sessão:"],
    action: "Ir para o início de sessão",
    after: [
      "Expira dentro de 10 minutos e só pode ser usado uma vez. Se não pediu para entrar, ignore esta mensagem: ninguém pode entrar sem o código.",
    ],
    footer: "Recebe este e-mail porque foi pedido um código para entrar na sua conta.",
  },
} as const satisfies Record<Locale, AccountTexts<AccountSignInCodeProps>>;

export const accountSignInCode = defineAccountTemplate<AccountSignInCodeProps>(texts, {
  name: "Ana",
  code: "407219",
  url: "http://localhost:3000/iniciar-sesion",
});

import type { Locale } from "@shop/domain";
import { defineAccountTemplate, type AccountMailProps, type AccountTexts } from "./account-message";

/** To a customer who asked to reset their password: a single-use link to the storefront's recovery page. */
export type AccountResetPasswordProps = AccountMailProps;

const texts = {
  es: {
    subject: () => "Restablece tu contraseña",
    hello: "Hola",
    heading: "Restablece tu contraseña",
    paragraphs: ["Alguien (esperamos que tú) ha pedido cambiar la contraseña de tu cuenta."],
    action: "Elegir una contraseña nueva",
    after: [
      "El enlace sirve una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.",
    ],
    footer: "Recibes este correo porque se ha pedido restablecer la contraseña de tu cuenta.",
  },
  ca: {
    subject: () => "Restableix la teva contrasenya",
    hello: "Hola",
    heading: "Restableix la teva contrasenya",
    paragraphs: ["Algú (esperem que tu) ha demanat canviar la contrasenya del teu compte."],
    action: "Triar una contrasenya nova",
    after: [
      "L'enllaç només serveix una vegada i caduca d'aquí a 1 hora. Si no ho has demanat tu, ignora aquest missatge: la teva contrasenya no canvia.",
    ],
    footer: "Reps aquest correu perquè s'ha demanat restablir la contrasenya del teu compte.",
  },
  pt: {
    subject: () => "Redefina a sua palavra-passe",
    hello: "Olá",
    heading: "Redefina a sua palavra-passe",
    paragraphs: ["Alguém (esperamos que tenha sido você) pediu para mudar a palavra-passe da sua conta."],
    action: "Escolher uma nova palavra-passe",
    after: [
      "A ligação só pode ser usada uma vez e expira dentro de 1 hora. Se não foi você, ignore esta mensagem: a sua palavra-passe não muda.",
    ],
    footer: "Recebe este e-mail porque foi pedida a redefinição da palavra-passe da sua conta.",
  },
} as const satisfies Record<Locale, AccountTexts<AccountResetPasswordProps>>;

export const accountResetPassword = defineAccountTemplate<AccountResetPasswordProps>(texts, {
  name: "Ana",
  url: "http://localhost:3000/recuperar-password?code=3f9a0c",
});

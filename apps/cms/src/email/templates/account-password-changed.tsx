import type { Locale } from "@shop/domain";
import { defineAccountTemplate, type AccountMailProps, type AccountTexts } from "./account-message";

/** To a customer whose password was just changed or reset: every other device was signed out; if it was not them, the way back. */
export type AccountPasswordChangedProps = AccountMailProps;

const texts = {
  es: {
    subject: () => "Tu contraseña ha cambiado",
    hello: "Hola",
    heading: "Tu contraseña ha cambiado",
    paragraphs: ["La contraseña de tu cuenta acaba de cambiar y hemos cerrado la sesión en los demás dispositivos."],
    action: "Restablecer mi contraseña",
    after: ["¿No has sido tú? Restablécela ahora y escríbenos respondiendo a este correo."],
    footer: "Te avisamos de cada cambio de contraseña de tu cuenta.",
  },
  ca: {
    subject: () => "La teva contrasenya ha canviat",
    hello: "Hola",
    heading: "La teva contrasenya ha canviat",
    paragraphs: ["La contrasenya del teu compte acaba de canviar i hem tancat la sessió als altres dispositius."],
    action: "Restablir la meva contrasenya",
    after: ["No has estat tu? Restableix-la ara i escriu-nos responent aquest correu."],
    footer: "T'avisem de cada canvi de contrasenya del teu compte.",
  },
  pt: {
    subject: () => "A sua palavra-passe foi alterada",
    hello: "Olá",
    heading: "A sua palavra-passe foi alterada",
    paragraphs: ["A palavra-passe da sua conta acabou de ser alterada e terminámos a sessão nos outros dispositivos."],
    action: "Redefinir a minha palavra-passe",
    after: ["Não foi você? Redefina-a agora e escreva-nos respondendo a este e-mail."],
    footer: "Avisamos de cada alteração da palavra-passe da sua conta.",
  },
} as const satisfies Record<Locale, AccountTexts<AccountPasswordChangedProps>>;

export const accountPasswordChanged = defineAccountTemplate<AccountPasswordChangedProps>(texts, {
  name: "Ana",
  url: "http://localhost:3000/recuperar-password",
});

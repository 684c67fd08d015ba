import type { Locale } from "@shop/domain";
import { defineAccountTemplate, type AccountMailProps, type AccountTexts } from "./account-message";

/** To a new customer: confirm that the address is theirs (the link opens the storefront's sign-in page). */
export type AccountConfirmEmailProps = AccountMailProps;

const texts = {
  es: {
    subject: () => "Confirma tu dirección de correo",
    hello: "Hola",
    heading: "Confirma tu correo",
    paragraphs: ["Para terminar de crear tu cuenta en Imperfecta, confirma que esta dirección es tuya."],
    action: "Confirmar mi correo",
    after: ["El enlace caduca en 3 días. Si no has creado ninguna cuenta, ignora este mensaje."],
    footer: "Recibes este correo porque alguien ha creado una cuenta con esta dirección.",
  },
  ca: {
    subject: () => "Confirma la teva adreça de correu",
    hello: "Hola",
    heading: "Confirma el teu correu",
    paragraphs: ["Per acabar de crear el teu compte a Imperfecta, confirma que aquesta adreça és teva."],
    action: "Confirmar el meu correu",
    after: ["L'enllaç caduca d'aquí a 3 dies. Si no has creat cap compte, ignora aquest missatge."],
    footer: "Reps aquest correu perquè algú ha creat un compte amb aquesta adreça.",
  },
  pt: {
    subject: () => "Confirme o seu endereço de e-mail",
    hello: "Olá",
    heading: "Confirme o seu e-mail",
    paragraphs: ["Para terminar de criar a sua conta na Imperfecta, confirme que este endereço é seu."],
    action: "Confirmar o meu e-mail",
    after: ["A ligação expira dentro de 3 dias. Se não criou nenhuma conta, ignore esta mensagem."],
    footer: "Recebe este e-mail porque alguém criou uma conta com este endereço.",
  },
} as const satisfies Record<Locale, AccountTexts<AccountConfirmEmailProps>>;

export const accountConfirmEmail = defineAccountTemplate<AccountConfirmEmailProps>(texts, {
  name: "Ana",
  url: "http://localhost:3000/iniciar-sesion?confirmation=3f9a0c",
});

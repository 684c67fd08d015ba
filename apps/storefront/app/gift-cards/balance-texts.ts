import type { Locale } from "@shop/routing";

/**
 * The balance check's few words, in every language: the form sits on the public gift card page
 * and carries its own texts (about 1 kB for the three), so that the page's loader need not know it.
 */
const es = {
  heading: "Consulta el saldo de una tarjeta",
  intro: "Escribe el código que llegó por correo. No hace falta tener cuenta.",
  code: "Código de la tarjeta",
  submit: "Consultar saldo",
  found: "A la tarjeta ···· {tail} le quedan {balance}.",
  notFound: "No encontramos una tarjeta activa con ese código. Revisa que esté bien escrito.",
  limited: "Has hecho demasiadas consultas. Vuelve a intentarlo en unos minutos.",
  failed: "No hemos podido consultar el saldo ahora. Inténtalo de nuevo en un momento.",
};

type Texts = typeof es;

const ca: Texts = {
  heading: "Consulta el saldo d'una targeta",
  intro: "Escriu el codi que va arribar per correu. No cal tenir compte.",
  code: "Codi de la targeta",
  submit: "Consultar el saldo",
  found: "A la targeta ···· {tail} li queden {balance}.",
  notFound: "No trobem cap targeta activa amb aquest codi. Revisa que estigui ben escrit.",
  limited: "Has fet massa consultes. Torna-ho a provar d'aquí a uns minuts.",
  failed: "Ara no hem pogut consultar el saldo. Torna-ho a provar d'aquí a un moment.",
};

const pt: Texts = {
  heading: "Consulte o saldo de um cartão",
  intro: "Escreva o código que recebeu por e-mail. Não precisa de conta.",
  code: "Código do cartão",
  submit: "Consultar saldo",
  found: "O cartão ···· {tail} tem {balance} de saldo.",
  notFound: "Não encontramos nenhum cartão ativo com esse código. Verifique se está bem escrito.",
  limited: "Fez demasiadas consultas. Tente novamente dentro de alguns minutos.",
  failed: "Não foi possível consultar o saldo agora. Tente novamente dentro de momentos.",
};

export type GiftCardBalanceTexts = Texts;

export const BALANCE_TEXTS: Readonly<Record<Locale, GiftCardBalanceTexts>> = { es, ca, pt };

import type { Locale } from "@shop/routing";

/**
 * Spending gift cards (issue 23, docs/decisions/033): the order summary's field and lines
 * (`summary`) and the account's section where a card is kept for renewals (`account`). Each travels
 * with its page's data. Every wrong code is said with the same words: the CMS does not say which
 * part was wrong, so that guessing learns nothing.
 */
export interface GiftCardRedeemTexts {
  summary: {
    label: string;
    hint: string;
    apply: string;
    listLabel: string;
    card: string;
    applied: string;
    remove: string;
    removeLabel: string;
    due: string;
    confirm: string;
    errors: Record<"gift_card_invalid" | "too_many_gift_cards" | "required", string>;
  };
  account: {
    title: string;
    intro: string;
    label: string;
    add: string;
    empty: string;
    card: string;
    balance: string;
    added: string;
    done: string;
    tooMany: string;
    errors: Record<"gift_card_invalid" | "required", string>;
  };
}

const es = {
  summary: {
    label: "Código de tarjeta regalo",
    hint: "Los 20 caracteres del correo o del PDF de la tarjeta. Puedes añadir varias.",
    apply: "Usar la tarjeta",
    listLabel: "Tarjetas regalo de este pedido",
    card: "Tarjeta regalo ···{tail}",
    applied: "Paga {applied} de este pedido; le quedarán {left}.",
    remove: "Quitar",
    removeLabel: "Quitar la tarjeta regalo ···{tail}",
    due: "Queda por pagar",
    confirm: "Confirmar el pedido (pagado con tarjeta regalo)",
    errors: {
      gift_card_invalid: "No podemos usar este código. Revisa que esté bien escrito.",
      too_many_gift_cards: "Has añadido el máximo de tarjetas regalo a este pedido.",
      required: "Escribe el código de la tarjeta.",
    },
  },
  account: {
    title: "Tarjetas regalo",
    intro:
      "Añade una tarjeta regalo a tu cuenta y su saldo pagará tus renovaciones de la suscripción antes de cobrar tu tarjeta.",
    label: "Código de tarjeta regalo",
    add: "Añadir a mi cuenta",
    empty: "Todavía no tienes ninguna tarjeta regalo en tu cuenta.",
    card: "Tarjeta ···{tail}",
    balance: "Saldo: {amount}",
    added: "Añadida el {date}",
    done: "Tarjeta ···{tail} añadida a tu cuenta.",
    tooMany: "Demasiados códigos incorrectos. Vuelve a probar más tarde.",
    errors: {
      gift_card_invalid: "No podemos usar este código. Revisa que esté bien escrito.",
      required: "Escribe el código de la tarjeta.",
    },
  },
} as const satisfies GiftCardRedeemTexts;

const ca = {
  summary: {
    label: "Codi de la targeta regal",
    hint: "Els 20 caràcters del correu o del PDF de la targeta. En pots afegir diverses.",
    apply: "Fer servir la targeta",
    listLabel: "Targetes regal d'aquesta comanda",
    card: "Targeta regal ···{tail}",
    applied: "Paga {applied} d'aquesta comanda; li quedaran {left}.",
    remove: "Treure",
    removeLabel: "Treure la targeta regal ···{tail}",
    due: "Queda per pagar",
    confirm: "Confirmar la comanda (pagada amb targeta regal)",
    errors: {
      gift_card_invalid: "No podem fer servir aquest codi. Comprova que estigui ben escrit.",
      too_many_gift_cards: "Has afegit el màxim de targetes regal a aquesta comanda.",
      required: "Escriu el codi de la targeta.",
    },
  },
  account: {
    title: "Targetes regal",
    intro:
      "Afegeix una targeta regal al teu compte i el seu saldo pagarà les renovacions de la subscripció abans de cobrar la teva targeta.",
    label: "Codi de la targeta regal",
    add: "Afegir al meu compte",
    empty: "Encara no tens cap targeta regal al teu compte.",
    card: "Targeta ···{tail}",
    balance: "Saldo: {amount}",
    added: "Afegida el {date}",
    done: "Targeta ···{tail} afegida al teu compte.",
    tooMany: "Massa codis incorrectes. Torna-ho a provar més tard.",
    errors: {
      gift_card_invalid: "No podem fer servir aquest codi. Comprova que estigui ben escrit.",
      required: "Escriu el codi de la targeta.",
    },
  },
} as const satisfies GiftCardRedeemTexts;

const pt = {
  summary: {
    label: "Código do cartão-presente",
    hint: "Os 20 caracteres do e-mail ou do PDF do cartão. Pode adicionar vários.",
    apply: "Usar o cartão",
    listLabel: "Cartões-presente desta encomenda",
    card: "Cartão-presente ···{tail}",
    applied: "Paga {applied} desta encomenda; ficará com {left}.",
    remove: "Remover",
    removeLabel: "Remover o cartão-presente ···{tail}",
    due: "Falta pagar",
    confirm: "Confirmar a encomenda (paga com cartão-presente)",
    errors: {
      gift_card_invalid: "Não podemos usar este código. Verifique se está bem escrito.",
      too_many_gift_cards: "Já adicionou o máximo de cartões-presente a esta encomenda.",
      required: "Escreva o código do cartão.",
    },
  },
  account: {
    title: "Cartões-presente",
    intro:
      "Adicione um cartão-presente à sua conta e o seu saldo pagará as renovações da subscrição antes de cobrarmos o seu cartão.",
    label: "Código do cartão-presente",
    add: "Adicionar à minha conta",
    empty: "Ainda não tem nenhum cartão-presente na sua conta.",
    card: "Cartão ···{tail}",
    balance: "Saldo: {amount}",
    added: "Adicionado a {date}",
    done: "Cartão ···{tail} adicionado à sua conta.",
    tooMany: "Demasiados códigos incorretos. Tente novamente mais tarde.",
    errors: {
      gift_card_invalid: "Não podemos usar este código. Verifique se está bem escrito.",
      required: "Escreva o código do cartão.",
    },
  },
} as const satisfies GiftCardRedeemTexts;

const TEXTS: Record<Locale, GiftCardRedeemTexts> = { es, ca, pt };

export function giftCardRedeemTextsFor(locale: Locale): GiftCardRedeemTexts {
  return TEXTS[locale];
}

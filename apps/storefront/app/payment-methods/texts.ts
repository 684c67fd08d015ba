import type { CardFailureReason } from "@shop/contracts";
import type { Locale } from "@shop/routing";

/**
 * Texts of the saved cards (docs/decisions/029): the profile's Cards section and the outcome of
 * adding a card (the add-payment-completed and add-payment-failed pages, which are the profile).
 * The profile's loader returns them (docs/decisions/026).
 */
const es = {
  heading: "Tarjetas",
  intro:
    "La tarjeta predeterminada es la que cobran tus suscripciones. Solo guardamos la marca, los 4 últimos números y la caducidad.",
  empty: "Aún no tienes ninguna tarjeta guardada.",
  list: "Tus tarjetas",
  expires: "Caduca {expiry}",
  default: "Predeterminada",
  add: "Añadir una tarjeta",
  addNote: "Te llevamos a la página segura del banco; no se cobra nada.",
  makeDefault: "Usar como predeterminada",
  remove: "Quitar",
  removeLabel: "Quitar la tarjeta acabada en {last4}",
  makeDefaultLabel: "Usar como predeterminada la tarjeta acabada en {last4}",
  defaultChanged: "Hemos cambiado tu tarjeta predeterminada.",
  removed: "Hemos quitado la tarjeta.",
  inUse: "Una suscripción se cobra con esta tarjeta. Elige otra tarjeta para la suscripción antes de quitar esta.",
  missing: "Esta tarjeta ya no está en tu cuenta.",
  failed: "Ahora mismo no podemos hacerlo. Inténtalo de nuevo en unos minutos.",
  outcome: {
    active: "Tarjeta guardada: {card}. Ya puedes usarla en tus suscripciones.",
    pending:
      "Estamos confirmando tu tarjeta con el banco. Aparecerá aquí en cuanto lo confirme; recarga la página en unos segundos.",
    notConfirmed: "El banco no ha confirmado tu tarjeta y no la hemos guardado. Puedes intentarlo de nuevo.",
    unknown: "No encontramos esa tarjeta en tu cuenta.",
    failed: {
      declined: "El banco ha rechazado la tarjeta y no la hemos guardado. Prueba con otra.",
      authentication_failed:
        "No se ha podido verificar que eres el titular de la tarjeta, así que no la hemos guardado.",
      cancelled: "Has cancelado el proceso: no hemos guardado ninguna tarjeta.",
      error: "Algo ha fallado al guardar la tarjeta y no la hemos guardado. Inténtalo de nuevo.",
    } satisfies Record<CardFailureReason, string>,
  },
  redirect: {
    heading: "Te llevamos a la página del banco",
    body: "Si no se abre sola en unos segundos, pulsa el botón.",
    button: "Ir a la página del banco",
  },
};

export type CardTexts = typeof es;

const ca = {
  heading: "Targetes",
  intro:
    "La targeta predeterminada és la que cobren les teves subscripcions. Només desem la marca, els 4 últims números i la caducitat.",
  empty: "Encara no tens cap targeta desada.",
  list: "Les teves targetes",
  expires: "Caduca {expiry}",
  default: "Predeterminada",
  add: "Afegir una targeta",
  addNote: "Et portem a la pàgina segura del banc; no es cobra res.",
  makeDefault: "Fer-la predeterminada",
  remove: "Treure",
  removeLabel: "Treure la targeta acabada en {last4}",
  makeDefaultLabel: "Fer-la predeterminada: la targeta acabada en {last4}",
  defaultChanged: "Hem canviat la teva targeta predeterminada.",
  removed: "Hem tret la targeta.",
  inUse:
    "Una subscripció es cobra amb aquesta targeta. Tria una altra targeta per a la subscripció abans de treure aquesta.",
  missing: "Aquesta targeta ja no és al teu compte.",
  failed: "Ara mateix no ho podem fer. Torna-ho a provar d'aquí a uns minuts.",
  outcome: {
    active: "Targeta desada: {card}. Ja la pots fer servir a les teves subscripcions.",
    pending:
      "Estem confirmant la teva targeta amb el banc. Apareixerà aquí tan bon punt ho confirmi; torna a carregar la pàgina d'aquí a uns segons.",
    notConfirmed: "El banc no ha confirmat la teva targeta i no l'hem desada. Pots tornar-ho a provar.",
    unknown: "No trobem aquesta targeta al teu compte.",
    failed: {
      declined: "El banc ha rebutjat la targeta i no l'hem desada. Prova amb una altra.",
      authentication_failed: "No s'ha pogut verificar que ets el titular de la targeta, així que no l'hem desada.",
      cancelled: "Has cancel·lat el procés: no hem desat cap targeta.",
      error: "Alguna cosa ha fallat en desar la targeta i no l'hem desada. Torna-ho a provar.",
    },
  },
  redirect: {
    heading: "Et portem a la pàgina del banc",
    body: "Si no s'obre sola d'aquí a uns segons, prem el botó.",
    button: "Anar a la pàgina del banc",
  },
} as const satisfies CardTexts;

const pt = {
  heading: "Cartões",
  intro:
    "O cartão predefinido é o que as suas subscrições cobram. Só guardamos a marca, os 4 últimos números e a validade.",
  empty: "Ainda não tem nenhum cartão guardado.",
  list: "Os seus cartões",
  expires: "Válido até {expiry}",
  default: "Predefinido",
  add: "Adicionar um cartão",
  addNote: "Levamo-lo à página segura do banco; nada é cobrado.",
  makeDefault: "Usar como predefinido",
  remove: "Remover",
  removeLabel: "Remover o cartão terminado em {last4}",
  makeDefaultLabel: "Usar como predefinido o cartão terminado em {last4}",
  defaultChanged: "Alterámos o seu cartão predefinido.",
  removed: "Removemos o cartão.",
  inUse: "Uma subscrição é cobrada com este cartão. Escolha outro cartão para a subscrição antes de remover este.",
  missing: "Este cartão já não está na sua conta.",
  failed: "Neste momento não o podemos fazer. Tente de novo dentro de alguns minutos.",
  outcome: {
    active: "Cartão guardado: {card}. Já o pode usar nas suas subscrições.",
    pending:
      "Estamos a confirmar o seu cartão com o banco. Aparecerá aqui assim que o confirmar; recarregue a página dentro de alguns segundos.",
    notConfirmed: "O banco não confirmou o seu cartão e não o guardámos. Pode tentar de novo.",
    unknown: "Não encontramos esse cartão na sua conta.",
    failed: {
      declined: "O banco recusou o cartão e não o guardámos. Experimente outro.",
      authentication_failed: "Não foi possível verificar que é o titular do cartão, por isso não o guardámos.",
      cancelled: "Cancelou o processo: não guardámos nenhum cartão.",
      error: "Algo correu mal ao guardar o cartão e não o guardámos. Tente de novo.",
    },
  },
  redirect: {
    heading: "Levamo-lo à página do banco",
    body: "Se não abrir sozinha dentro de alguns segundos, carregue no botão.",
    button: "Ir para a página do banco",
  },
} as const satisfies CardTexts;

const CARD_TEXTS: Record<Locale, CardTexts> = { es, ca, pt };

export function cardTextsFor(locale: Locale): CardTexts {
  return CARD_TEXTS[locale];
}

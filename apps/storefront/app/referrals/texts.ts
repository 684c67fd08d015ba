import type { Locale } from "@shop/routing";
import type { FriendCodeRefusal, ReferralRejection, ReferralStatus } from "@shop/domain/referrals";

/**
 * Refer-a-friend's texts in the three languages (docs/decisions/026): the public page (`page`), the
 * order summary's lines (`summary`) and the account's referrals page (`account`). Each travels with
 * its page's own data (its loader returns it), not with every page's. Numbers ({percent}, {reward},
 * {days}, {cap}) are the shop's settings, filled in by the page: never written here.
 */
const es = {
  page: {
    step1Title: "Comparte tu código",
    step1Body: "En tu cuenta tienes un código personal y un enlace para enviar por WhatsApp, correo o como quieras.",
    step2Title: "Tu amigo hace su primer pedido",
    step2Body: "Con tu código, tu amigo tiene un {percent} de descuento en su primer pedido.",
    step3Title: "Tú también ganas",
    step3Body:
      "Cuando su primer pedido está pagado y entregado y pasan {days} días sin devolución, ganas {reward}, que se aplica solo a tu próximo pedido o renovación.",
    rulesTitle: "Las condiciones",
    ruleFirstOrder: "El descuento del amigo vale solo para su primer pedido.",
    ruleSelf:
      "Invitarse a uno mismo no cuenta: ni la misma cuenta, ni el mismo correo escrito de otra forma, ni la misma dirección de entrega, ni la misma tarjeta.",
    ruleCap: "Puedes ganar como máximo {cap} recompensas al mes.",
    ruleRefund: "Si el primer pedido de tu amigo se devuelve en esos {days} días, no hay recompensa.",
    rewardAmount: "{amount} de descuento",
    rewardPercent: "un {percent} de descuento",
    invitedTitle: "Te han invitado",
    invitedBody:
      "Con el código {code}, tu primer pedido tiene un {percent} de descuento. Lo verás en el resumen, antes de pagar.",
    startCta: "Hacer mi primer pedido",
    inactive: "Ahora mismo no tenemos en marcha el programa de invitar a un amigo.",
    signedOutCta: "Inicia sesión para ver tu código",
    signedInCta: "Ver mi código",
  },
  summary: {
    friendLine: "Descuento de amigo ({code})",
    rewardLine: "Tu recompensa por invitar a un amigo",
    couponLine: "Cupón",
    refused: "El código de amigo {code} no se aplica: {reason}",
    refusals: {
      unknown: "no es de ningún cliente.",
      same_account: "es tu propio código; el descuento es para tus amigos.",
      not_first_order: "vale solo para el primer pedido.",
    } satisfies Record<FriendCodeRefusal, string>,
  },
  account: {
    whatsapp: "Enviar por WhatsApp",
    email: "Enviar por correo",
    emailSubject: "Te invito a Imperfecta",
    shareText:
      "Te invito a Imperfecta: con mi código {code} tienes un {percent} de descuento en tu primer pedido. {link}",
    rules:
      "Tu amigo: {percent} de descuento en su primer pedido. Tú: {reward} cuando lo recibe y pasan {days} días sin devolución (como máximo {cap} al mes).",
    inactive: "Ahora mismo no tenemos en marcha el programa de invitar a un amigo: tu código no da descuento.",
    friendsTitle: "Tus amigos",
    noFriends: "Todavía ningún amigo ha pedido con tu código.",
    since: "Primer pedido el {date}",
    statuses: {
      pending: "Pendiente: esperando la entrega y el plazo de devolución",
      qualified: "Cumple las condiciones: tu recompensa está en camino",
      rewarded: "Recompensa ganada",
      rejected: "Sin recompensa",
    } satisfies Record<ReferralStatus, string>,
    reasons: {
      same_account: "es tu misma cuenta",
      same_email: "usa tu mismo correo",
      same_address: "usa tu misma dirección de entrega",
      same_card: "usa tu misma tarjeta",
      monthly_cap: "ya tenías el máximo de recompensas de ese mes",
      not_first_order: "no era su primer pedido",
      refunded: "su primer pedido se devolvió",
      not_paid: "su primer pedido se anuló sin pagarse",
      referrer_deleted: "la cuenta que lo invitó se eliminó",
    } satisfies Record<ReferralRejection, string>,
    rewardsTitle: "Tus recompensas",
    noRewards: "Aún no has ganado ninguna recompensa.",
    earned: "{reward}, ganada el {date}",
    waiting: "Se aplicará sola a tu próximo pedido o renovación.",
    used: "Usada el {date}: ahorraste {amount}.",
    totalSaved: "Total ahorrado",
  },
};

export type ReferralTexts = typeof es;

const ca = {
  page: {
    step1Title: "Comparteix el teu codi",
    step1Body: "Al teu compte tens un codi personal i un enllaç per enviar per WhatsApp, correu o com vulguis.",
    step2Title: "El teu amic fa la primera comanda",
    step2Body: "Amb el teu codi, el teu amic té un {percent} de descompte a la primera comanda.",
    step3Title: "Tu també hi guanyes",
    step3Body:
      "Quan la seva primera comanda està pagada i lliurada i passen {days} dies sense devolució, guanyes {reward}, que s'aplica sol a la teva propera comanda o renovació.",
    rulesTitle: "Les condicions",
    ruleFirstOrder: "El descompte de l'amic val només per a la primera comanda.",
    ruleSelf:
      "Convidar-se a un mateix no compta: ni el mateix compte, ni el mateix correu escrit d'una altra manera, ni la mateixa adreça de lliurament, ni la mateixa targeta.",
    ruleCap: "Pots guanyar com a màxim {cap} recompenses al mes.",
    ruleRefund: "Si la primera comanda del teu amic es retorna en aquests {days} dies, no hi ha recompensa.",
    rewardAmount: "{amount} de descompte",
    rewardPercent: "un {percent} de descompte",
    invitedTitle: "T'han convidat",
    invitedBody:
      "Amb el codi {code}, la teva primera comanda té un {percent} de descompte. El veuràs al resum, abans de pagar.",
    startCta: "Fer la meva primera comanda",
    inactive: "Ara mateix no tenim en marxa el programa de convidar un amic.",
    signedOutCta: "Inicia sessió per veure el teu codi",
    signedInCta: "Veure el meu codi",
  },
  summary: {
    friendLine: "Descompte d'amic ({code})",
    rewardLine: "La teva recompensa per convidar un amic",
    couponLine: "Cupó",
    refused: "El codi d'amic {code} no s'aplica: {reason}",
    refusals: {
      unknown: "no és de cap client.",
      same_account: "és el teu propi codi; el descompte és per als teus amics.",
      not_first_order: "val només per a la primera comanda.",
    },
  },
  account: {
    whatsapp: "Enviar per WhatsApp",
    email: "Enviar per correu",
    emailSubject: "Et convido a Imperfecta",
    shareText:
      "Et convido a Imperfecta: amb el meu codi {code} tens un {percent} de descompte a la primera comanda. {link}",
    rules:
      "El teu amic: {percent} de descompte a la primera comanda. Tu: {reward} quan la rep i passen {days} dies sense devolució (com a màxim {cap} al mes).",
    inactive: "Ara mateix no tenim en marxa el programa de convidar un amic: el teu codi no dona descompte.",
    friendsTitle: "Els teus amics",
    noFriends: "Encara cap amic no ha fet cap comanda amb el teu codi.",
    since: "Primera comanda el {date}",
    statuses: {
      pending: "Pendent: esperant el lliurament i el termini de devolució",
      qualified: "Compleix les condicions: la teva recompensa és en camí",
      rewarded: "Recompensa guanyada",
      rejected: "Sense recompensa",
    },
    reasons: {
      same_account: "és el teu mateix compte",
      same_email: "fa servir el teu mateix correu",
      same_address: "fa servir la teva mateixa adreça de lliurament",
      same_card: "fa servir la teva mateixa targeta",
      monthly_cap: "ja tenies el màxim de recompenses d'aquell mes",
      not_first_order: "no era la seva primera comanda",
      refunded: "la seva primera comanda es va retornar",
      not_paid: "la seva primera comanda es va anul·lar sense pagar",
      referrer_deleted: "el compte que el va convidar es va eliminar",
    },
    rewardsTitle: "Les teves recompenses",
    noRewards: "Encara no has guanyat cap recompensa.",
    earned: "{reward}, guanyada el {date}",
    waiting: "S'aplicarà sola a la teva propera comanda o renovació.",
    used: "Feta servir el {date}: vas estalviar {amount}.",
    totalSaved: "Total estalviat",
  },
} as const satisfies ReferralTexts;

const pt = {
  page: {
    step1Title: "Partilhe o seu código",
    step1Body: "Na sua conta tem um código pessoal e uma ligação para enviar por WhatsApp, e-mail ou como quiser.",
    step2Title: "O seu amigo faz a primeira encomenda",
    step2Body: "Com o seu código, o seu amigo tem {percent} de desconto na primeira encomenda.",
    step3Title: "Também ganha",
    step3Body:
      "Quando a primeira encomenda dele está paga e entregue e passam {days} dias sem devolução, ganha {reward}, aplicado automaticamente à sua próxima encomenda ou renovação.",
    rulesTitle: "As condições",
    ruleFirstOrder: "O desconto do amigo vale apenas para a primeira encomenda.",
    ruleSelf:
      "Convidar-se a si próprio não conta: nem a mesma conta, nem o mesmo e-mail escrito de outra forma, nem a mesma morada de entrega, nem o mesmo cartão.",
    ruleCap: "Pode ganhar no máximo {cap} recompensas por mês.",
    ruleRefund: "Se a primeira encomenda do seu amigo for devolvida nesses {days} dias, não há recompensa.",
    rewardAmount: "{amount} de desconto",
    rewardPercent: "{percent} de desconto",
    invitedTitle: "Foi convidado",
    invitedBody:
      "Com o código {code}, a sua primeira encomenda tem {percent} de desconto. Vai vê-lo no resumo, antes de pagar.",
    startCta: "Fazer a minha primeira encomenda",
    inactive: "De momento não temos o programa de convidar um amigo em funcionamento.",
    signedOutCta: "Inicie sessão para ver o seu código",
    signedInCta: "Ver o meu código",
  },
  summary: {
    friendLine: "Desconto de amigo ({code})",
    rewardLine: "A sua recompensa por convidar um amigo",
    couponLine: "Cupão",
    refused: "O código de amigo {code} não se aplica: {reason}",
    refusals: {
      unknown: "não é de nenhum cliente.",
      same_account: "é o seu próprio código; o desconto é para os seus amigos.",
      not_first_order: "vale apenas para a primeira encomenda.",
    },
  },
  account: {
    whatsapp: "Enviar por WhatsApp",
    email: "Enviar por e-mail",
    emailSubject: "Convido-o para a Imperfecta",
    shareText:
      "Convido-o para a Imperfecta: com o meu código {code} tem {percent} de desconto na primeira encomenda. {link}",
    rules:
      "O seu amigo: {percent} de desconto na primeira encomenda. Você: {reward} quando ele a recebe e passam {days} dias sem devolução (no máximo {cap} por mês).",
    inactive: "De momento não temos o programa de convidar um amigo em funcionamento: o seu código não dá desconto.",
    friendsTitle: "Os seus amigos",
    noFriends: "Ainda nenhum amigo encomendou com o seu código.",
    since: "Primeira encomenda a {date}",
    statuses: {
      pending: "Pendente: à espera da entrega e do prazo de devolução",
      qualified: "Cumpre as condições: a sua recompensa está a caminho",
      rewarded: "Recompensa ganha",
      rejected: "Sem recompensa",
    },
    reasons: {
      same_account: "é a sua mesma conta",
      same_email: "usa o seu mesmo e-mail",
      same_address: "usa a sua mesma morada de entrega",
      same_card: "usa o seu mesmo cartão",
      monthly_cap: "já tinha o máximo de recompensas desse mês",
      not_first_order: "não era a primeira encomenda",
      refunded: "a primeira encomenda foi devolvida",
      not_paid: "a primeira encomenda foi cancelada sem ser paga",
      referrer_deleted: "a conta que o convidou foi eliminada",
    },
    rewardsTitle: "As suas recompensas",
    noRewards: "Ainda não ganhou nenhuma recompensa.",
    earned: "{reward}, ganha a {date}",
    waiting: "Será aplicada automaticamente à sua próxima encomenda ou renovação.",
    used: "Usada a {date}: poupou {amount}.",
    totalSaved: "Total poupado",
  },
} as const satisfies ReferralTexts;

const REFERRAL_TEXTS: Record<Locale, ReferralTexts> = { es, ca, pt };

export function referralTextsFor(locale: Locale): ReferralTexts {
  return REFERRAL_TEXTS[locale];
}

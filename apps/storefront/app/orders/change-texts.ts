import type { Locale } from "@shop/routing";

/**
 * Texts of changing a one-off order from its page (docs/decisions/049): the offer (or why not), the
 * form, the quote said before confirming, and what the CMS really did. They travel with the order
 * page's data.
 */

interface OrderChangeTexts {
  open: string;
  intro: string;
  addMore: string;
  tooLate: string;
  deliveryLegend: string;
  current: string;
  option: string;
  addressLegend: string;
  fields: {
    fullName: string;
    line1: string;
    line2: string;
    postalCode: string;
    city: string;
    phone: string;
    notes: string;
  };
  postcodeHint: string;
  linesLegend: string;
  remove: string;
  review: string;
  close: string;
  quoteHeading: string;
  quoteDelivery: string;
  quoteLine: string;
  quoteRemoved: string;
  quoteAddress: string;
  quoteNotes: string;
  quoteTotal: string;
  quoteRefund: string;
  quoteNoRefund: string;
  quoteUnpaid: string;
  couponLost: string;
  freeShippingLost: string;
  confirm: string;
  done: string;
  doneRefunded: string;
  doneRefundOwed: string;
  refusals: {
    pastCutoff: string;
    slotFull: string;
    orderChanged: string;
    quantityRaised: string;
    useCancel: string;
    postcodeOtherZone: string;
    costsMore: string;
    giftCard: string;
    nothingChanged: string;
    refundRefused: string;
    refundUnavailable: string;
    notChangeable: string;
    paymentPending: string;
    outOfSeason: string;
    dateNotOffered: string;
    invalid: string;
    failed: string;
  };
}

const TEXTS = {
  es: {
    open: "Cambiar el pedido",
    intro:
      "Puedes cambiarlo hasta el {until}: el día y la franja de entrega, la dirección, y bajar cantidades o quitar productos.",
    addMore: "¿Quieres más cosas? Haz un pedido nuevo: añadir necesita un pago nuevo.",
    tooLate: "Ya no se puede cambiar: cerró el {until} y lo estamos preparando.",
    deliveryLegend: "Día y franja de entrega",
    current: "{day}, de {start} a {end} (la de ahora)",
    option: "{day}, de {start} a {end}",
    addressLegend: "Dirección de entrega",
    fields: {
      fullName: "Nombre de quien lo recibe",
      line1: "Calle y número",
      line2: "Piso y puerta (opcional)",
      postalCode: "Código postal",
      city: "Población",
      phone: "Teléfono (opcional)",
      notes: "Notas para el repartidor (opcional)",
    },
    postcodeHint:
      "Solo otro código postal de la misma zona de reparto. Para otra zona, anula el pedido y haz uno nuevo.",
    linesLegend: "Cantidades",
    remove: "Quitar",
    review: "Ver cómo queda",
    close: "Dejarlo como está",
    quoteHeading: "Así quedará tu pedido",
    quoteDelivery: "La entrega pasa del {from} al {to}.",
    quoteLine: "{name}: de {from} a {to}.",
    quoteRemoved: "{name}: se quita del pedido.",
    quoteAddress: "Cambia la dirección de entrega.",
    quoteNotes: "Cambian las notas para el repartidor.",
    quoteTotal: "Total: {after} (antes {before}).",
    quoteRefund: "Te devolvemos {amount} {method}.",
    quoteNoRefund: "No hay nada que devolver.",
    quoteUnpaid: "Aún no lo has pagado: pagarás el total nuevo.",
    couponLost: "El cupón deja de aplicarse: el pedido queda por debajo de su mínimo.",
    freeShippingLost: "El envío deja de ser gratis: el pedido queda por debajo del mínimo.",
    confirm: "Sí, cambiar el pedido",
    done: "Hemos cambiado tu pedido. Te lo confirmamos por correo.",
    doneRefunded:
      "Hemos cambiado tu pedido y te hemos devuelto {amount}. Según tu banco, puede tardar unos días en verse.",
    doneRefundOwed:
      "Hemos cambiado tu pedido. Te debemos {amount}: la devolución no se ha podido confirmar y nuestro equipo ya lo sabe; te escribiremos cuando esté hecha.",
    refusals: {
      pastCutoff: "Ya no se puede cambiar: ha pasado la hora de cierre y lo estamos preparando.",
      slotFull: "Esa franja se acaba de llenar. Elige otro día u otra franja.",
      orderChanged: "Tu pedido ha cambiado mientras tanto. Revisa cómo está y vuelve a intentarlo.",
      quantityRaised: "Solo se pueden bajar cantidades. Para añadir, haz un pedido nuevo.",
      useCancel: "Sin ningún producto ya no hay pedido: si no lo quieres, anúlalo.",
      postcodeOtherZone:
        "Ese código postal es de otra zona de reparto. Anula el pedido y haz uno nuevo con esa dirección.",
      costsMore:
        "Así perderías el cupón o el envío gratis y costaría más de lo que pagaste. Déjalo como está, o anúlalo y haz otro.",
      giftCard: "Este pedido se pagó en parte con una tarjeta regalo: para bajarlo, anúlalo y haz uno nuevo.",
      nothingChanged: "No has cambiado nada.",
      refundRefused:
        "El banco no ha aceptado la devolución, así que no hemos cambiado nada de tu pedido. Escríbenos y lo resolvemos.",
      refundUnavailable:
        "No hemos podido hablar con el banco, así que no hemos cambiado nada de tu pedido. Inténtalo en unos minutos.",
      notChangeable:
        "Este pedido no se puede cambiar aquí: los de una suscripción se cambian desde la suscripción, y uno anulado o ya preparado ya no se puede cambiar.",
      paymentPending:
        "Tienes un pago de este pedido a medias por el importe de antes: termina o cancela el pago primero y vuelve a intentarlo.",
      outOfSeason: "Algún producto de tu pedido no está de temporada ese día. Elige otro día.",
      dateNotOffered: "Ese día ya no se puede elegir. Elige otro.",
      invalid: "Revisa los datos: alguno no es válido.",
      failed: "Ahora mismo no podemos cambiar tu pedido. Inténtalo de nuevo en unos minutos.",
    },
  },
  ca: {
    open: "Canviar la comanda",
    intro:
      "La pots canviar fins al {until}: el dia i la franja de lliurament, l'adreça, i abaixar quantitats o treure productes.",
    addMore: "Vols més coses? Fes una comanda nova: afegir necessita un pagament nou.",
    tooLate: "Ja no es pot canviar: va tancar el {until} i l'estem preparant.",
    deliveryLegend: "Dia i franja de lliurament",
    current: "{day}, de {start} a {end} (la d'ara)",
    option: "{day}, de {start} a {end}",
    addressLegend: "Adreça de lliurament",
    fields: {
      fullName: "Nom de qui la rep",
      line1: "Carrer i número",
      line2: "Pis i porta (opcional)",
      postalCode: "Codi postal",
      city: "Població",
      phone: "Telèfon (opcional)",
      notes: "Notes per al repartidor (opcional)",
    },
    postcodeHint:
      "Només un altre codi postal de la mateixa zona de repartiment. Per a una altra zona, anul·la la comanda i fes-ne una de nova.",
    linesLegend: "Quantitats",
    remove: "Treure",
    review: "Veure com queda",
    close: "Deixar-la com està",
    quoteHeading: "Així quedarà la teva comanda",
    quoteDelivery: "El lliurament passa del {from} al {to}.",
    quoteLine: "{name}: de {from} a {to}.",
    quoteRemoved: "{name}: es treu de la comanda.",
    quoteAddress: "Canvia l'adreça de lliurament.",
    quoteNotes: "Canvien les notes per al repartidor.",
    quoteTotal: "Total: {after} (abans {before}).",
    quoteRefund: "Et retornem {amount} {method}.",
    quoteNoRefund: "No hi ha res a retornar.",
    quoteUnpaid: "Encara no l'has pagada: pagaràs el total nou.",
    couponLost: "El cupó deixa d'aplicar-se: la comanda queda per sota del seu mínim.",
    freeShippingLost: "L'enviament deixa de ser gratuït: la comanda queda per sota del mínim.",
    confirm: "Sí, canviar la comanda",
    done: "Hem canviat la teva comanda. T'ho confirmem per correu.",
    doneRefunded:
      "Hem canviat la teva comanda i t'hem retornat {amount}. Segons el teu banc, pot trigar uns dies a veure's.",
    doneRefundOwed:
      "Hem canviat la teva comanda. Et devem {amount}: no s'ha pogut confirmar la devolució i el nostre equip ja ho sap; t'escriurem quan estigui feta.",
    refusals: {
      pastCutoff: "Ja no es pot canviar: ha passat l'hora de tancament i l'estem preparant.",
      slotFull: "Aquesta franja s'acaba d'omplir. Tria un altre dia o una altra franja.",
      orderChanged: "La teva comanda ha canviat mentrestant. Revisa com està i torna-ho a provar.",
      quantityRaised: "Només es poden abaixar quantitats. Per afegir, fes una comanda nova.",
      useCancel: "Sense cap producte ja no hi ha comanda: si no la vols, anul·la-la.",
      postcodeOtherZone:
        "Aquest codi postal és d'una altra zona de repartiment. Anul·la la comanda i fes-ne una de nova amb aquesta adreça.",
      costsMore:
        "Així perdries el cupó o l'enviament gratuït i costaria més del que vas pagar. Deixa-la com està, o anul·la-la i fes-ne una altra.",
      giftCard:
        "Aquesta comanda es va pagar en part amb una targeta regal: per abaixar-la, anul·la-la i fes-ne una de nova.",
      nothingChanged: "No has canviat res.",
      refundRefused:
        "El banc no ha acceptat el reemborsament, així que no hem canviat res de la teva comanda. Escriu-nos i ho resolem.",
      refundUnavailable:
        "No hem pogut parlar amb el banc, així que no hem canviat res de la teva comanda. Prova-ho d'aquí a uns minuts.",
      notChangeable:
        "Aquesta comanda no es pot canviar aquí: les d'una subscripció es canvien des de la subscripció, i una anul·lada o ja preparada ja no es pot canviar.",
      paymentPending:
        "Tens un pagament d'aquesta comanda a mitges per l'import d'abans: acaba o cancel·la el pagament primer i torna-ho a provar.",
      outOfSeason: "Algun producte de la teva comanda no és de temporada aquell dia. Tria un altre dia.",
      dateNotOffered: "Aquest dia ja no es pot triar. Tria'n un altre.",
      invalid: "Revisa les dades: alguna no és vàlida.",
      failed: "Ara mateix no podem canviar la teva comanda. Torna-ho a provar d'aquí a uns minuts.",
    },
  },
  pt: {
    open: "Alterar a encomenda",
    intro:
      "Pode alterá-la até {until}: o dia e o horário de entrega, a morada, e baixar quantidades ou retirar produtos.",
    addMore: "Quer mais coisas? Faça uma nova encomenda: acrescentar precisa de um novo pagamento.",
    tooLate: "Já não é possível alterá-la: fechou a {until} e estamos a prepará-la.",
    deliveryLegend: "Dia e horário de entrega",
    current: "{day}, das {start} às {end} (o atual)",
    option: "{day}, das {start} às {end}",
    addressLegend: "Morada de entrega",
    fields: {
      fullName: "Nome de quem a recebe",
      line1: "Rua e número",
      line2: "Andar e porta (opcional)",
      postalCode: "Código postal",
      city: "Localidade",
      phone: "Telefone (opcional)",
      notes: "Notas para o estafeta (opcional)",
    },
    postcodeHint:
      "Apenas outro código postal da mesma zona de entrega. Para outra zona, anule a encomenda e faça uma nova.",
    linesLegend: "Quantidades",
    remove: "Retirar",
    review: "Ver como fica",
    close: "Deixar como está",
    quoteHeading: "Assim ficará a sua encomenda",
    quoteDelivery: "A entrega passa de {from} para {to}.",
    quoteLine: "{name}: de {from} para {to}.",
    quoteRemoved: "{name}: sai da encomenda.",
    quoteAddress: "Muda a morada de entrega.",
    quoteNotes: "Mudam as notas para o estafeta.",
    quoteTotal: "Total: {after} (antes {before}).",
    quoteRefund: "Devolvemos-lhe {amount} {method}.",
    quoteNoRefund: "Não há nada a devolver.",
    quoteUnpaid: "Ainda não a pagou: pagará o novo total.",
    couponLost: "O cupão deixa de se aplicar: a encomenda fica abaixo do seu mínimo.",
    freeShippingLost: "O envio deixa de ser grátis: a encomenda fica abaixo do mínimo.",
    confirm: "Sim, alterar a encomenda",
    done: "Alterámos a sua encomenda. Confirmamo-lo por e-mail.",
    doneRefunded:
      "Alterámos a sua encomenda e devolvemos-lhe {amount}. Conforme o seu banco, pode demorar alguns dias a aparecer.",
    doneRefundOwed:
      "Alterámos a sua encomenda. Devemos-lhe {amount}: não foi possível confirmar o reembolso e a nossa equipa já sabe; escreveremos quando estiver feito.",
    refusals: {
      pastCutoff: "Já não é possível alterá-la: passou a hora de fecho e estamos a prepará-la.",
      slotFull: "Esse horário acabou de ficar cheio. Escolha outro dia ou outro horário.",
      orderChanged: "A sua encomenda mudou entretanto. Veja como está e tente de novo.",
      quantityRaised: "Só é possível baixar quantidades. Para acrescentar, faça uma nova encomenda.",
      useCancel: "Sem nenhum produto já não há encomenda: se não a quer, anule-a.",
      postcodeOtherZone:
        "Esse código postal é de outra zona de entrega. Anule a encomenda e faça uma nova com essa morada.",
      costsMore:
        "Assim perderia o cupão ou o envio grátis e custaria mais do que pagou. Deixe-a como está, ou anule-a e faça outra.",
      giftCard: "Esta encomenda foi paga em parte com um cartão-presente: para a baixar, anule-a e faça uma nova.",
      nothingChanged: "Não alterou nada.",
      refundRefused:
        "O banco não aceitou o reembolso, por isso não alterámos nada da sua encomenda. Escreva-nos e resolvemos.",
      refundUnavailable:
        "Não conseguimos falar com o banco, por isso não alterámos nada da sua encomenda. Tente daqui a uns minutos.",
      notChangeable:
        "Esta encomenda não pode ser alterada aqui: as de uma subscrição alteram-se na subscrição, e uma cancelada ou já preparada já não pode ser alterada.",
      paymentPending:
        "Tem um pagamento desta encomenda a meio pelo valor anterior: termine ou cancele o pagamento primeiro e tente de novo.",
      outOfSeason: "Algum produto da sua encomenda não está na época nesse dia. Escolha outro dia.",
      dateNotOffered: "Esse dia já não pode ser escolhido. Escolha outro.",
      invalid: "Reveja os dados: algum não é válido.",
      failed: "Neste momento não conseguimos alterar a sua encomenda. Tente de novo daqui a uns minutos.",
    },
  },
} as const satisfies Record<Locale, OrderChangeTexts>;

export type ChangeTexts = OrderChangeTexts;
export type ChangeRefusal = keyof OrderChangeTexts["refusals"];

export function changeTextsFor(locale: Locale): ChangeTexts {
  return TEXTS[locale];
}

import { ISO_WEEKDAYS, type IsoWeekday, type OrderStatus, type StatusActor } from "@shop/domain";
import type { Locale } from "@shop/routing";

/**
 * Texts of the customer's orders: the order status screen (where the payment comes back to), the
 * payment page, the account's list and detail, and the account home's orders. They travel with those
 * pages' own data (a loader returns them), never with every page.
 */

/** The same words before every weekday, as Spanish and Catalan have them ("el {date}"). */
function everyWeekday(text: string): Record<IsoWeekday, string> {
  return Object.fromEntries(ISO_WEEKDAYS.map((day) => [day, text])) as Record<IsoWeekday, string>;
}

const es = {
  statuses: {
    pending_payment: "Pendiente de pago",
    paid: "Pagado",
    payment_failed: "Pago no completado",
    cancelled: "Anulado",
    preparing: "En preparación",
    shipped: "En reparto",
    delivered: "Entregado",
    refunded: "Reembolsado",
  } satisfies Record<OrderStatus, string>,
  number: "Pedido {number}",
  loadFailed: "Ahora mismo no podemos mostrar tu pedido. Inténtalo de nuevo en unos minutos.",
  viewOrder: "Ver el detalle del pedido",
  allOrders: "Ver todos mis pedidos",
  newOrder: "Hacer un pedido",
  /**
   * The delivery day with the words before it, by ISO weekday (Monday 1): Portuguese says "na" before
   * a feminine weekday (sexta-feira) and "no" before sábado and domingo. Filled in as {onDay}.
   */
  onDay: everyWeekday("el {date}"),
  /** The order status screen: what the order's real state means for the customer. */
  outcome: {
    paid: {
      heading: "¡Gracias! Tu pedido está pagado",
      body: "Te lo llevamos {onDay}, de {start} a {end}.",
    },
    pending_payment: {
      heading: "Esperamos la confirmación del banco",
      body: "En cuanto el banco nos confirme el pago, lo verás aquí. Suele tardar unos segundos.",
    },
    payment_failed: {
      heading: "El pago no se ha completado",
      body: "El banco no ha aceptado el pago, o se canceló antes de terminar. No te hemos cobrado nada y tu pedido sigue reservado un rato: puedes volver a intentarlo.",
    },
    cancelled: {
      heading: "Este pedido está anulado",
      body: "No llegó a pagarse a tiempo, así que lo anulamos y liberamos la franja de entrega. No te hemos cobrado nada.",
    },
    cancelledAfterPayment: {
      heading: "Este pedido está anulado",
      body: "Lo hemos anulado después del pago. Si tienes cualquier duda sobre la devolución, escríbenos.",
    },
    preparing: {
      heading: "Estamos preparando tu pedido",
      body: "Te lo llevamos {onDay}, de {start} a {end}.",
    },
    shipped: {
      heading: "Tu pedido está en camino",
      body: "Llega {onDay}, de {start} a {end}.",
    },
    delivered: {
      heading: "Tu pedido está entregado",
      body: "Lo entregamos {onDay}. ¡Que lo disfrutes!",
    },
    refunded: {
      heading: "Te hemos devuelto el importe",
      body: "Hemos devuelto el importe de este pedido al medio con el que pagaste. Puede tardar unos días en verse en tu cuenta.",
    },
  } satisfies Record<OrderStatus | "cancelledAfterPayment", { heading: string; body: string }>,
  nextHeading: "Qué pasa ahora",
  nextSteps: [
    "Te enviamos por correo la confirmación con todo lo que has pedido.",
    "Unos días antes de la entrega preparamos tu pedido con lo que rescatamos esa semana.",
    "El día de la entrega te lo llevamos a la dirección que nos diste, en la franja que elegiste.",
  ],
  subscriptionStarted: "Es el primer pedido de tu suscripción ({frequency}).",
  stillWaiting:
    "La confirmación aún no ha llegado. Si pagaste, no vuelvas a pagar: te escribiremos en cuanto el banco nos la envíe. Si no llegaste a pagar, puedes hacerlo ahora.",
  /** Money was taken that did not pay the order (after it was cancelled, or twice): said instead of "not charged". */
  refundDue:
    "Hemos recibido un pago de este pedido después de anularlo (o dos veces): te lo devolveremos a tu tarjeta en un plazo de 10 días, sin que tengas que hacer nada.",
  checkAgain: "Comprobar de nuevo",
  checking: "Comprobando…",
  retry: "Intentar pagar de nuevo",
  payNow: "Pagar ahora",
  contact: "Escríbenos",
  orderAgain: "Volver a pedir lo mismo",
  orderAgainHint: "Empiezas un pedido nuevo con las mismas cajas y extras; eliges de nuevo el día de entrega.",
  orderAgainFailed:
    "No hemos podido preparar el pedido nuevo. Puede que algún producto ya no esté a la venta; haz un pedido desde el principio.",
  orderAgainTooMany: "Has empezado muchos pedidos seguidos. Vuelve a probar dentro de un rato.",
  /** /order/pay */
  pay: {
    intro: "Revisa tu pedido. Al pulsar el botón te llevamos a la página de pago segura del banco.",
    button: "Pagar {total}",
    notPayable: {
      paid: "Este pedido ya está pagado: no tienes que hacer nada más.",
      cancelled: "Este pedido está anulado porque no se pagó a tiempo, así que ya no se puede pagar.",
      other: "Este pedido ya no está pendiente de pago.",
    },
    seeStatus: "Ver cómo está el pedido",
    failed: "No hemos podido abrir la página de pago. Inténtalo de nuevo en unos minutos.",
    changed: "El pedido ha cambiado mientras tanto: aquí tienes su estado actual.",
  },
  /** Sending the browser to the payment page with a form (a bank's signed form). */
  redirect: {
    heading: "Te llevamos a la página de pago",
    body: "Si no se abre sola en unos segundos, pulsa el botón.",
    button: "Ir a la página de pago",
  },
  lines: {
    heading: "Lo que has pedido",
    quantity: "{quantity} × {price}",
    vatIncluded: "IVA incluido",
    withoutVat: "sin IVA",
    rate: "IVA {rate}",
    lineTax: "IVA de la línea: {amount}",
    lineDiscount: "Descuento: −{amount}",
    without: "Sin: {foods}",
    box: "Caja",
    extra: "Extra",
    extraFrequencies: { once: "Solo en la primera entrega", every_delivery: "En cada entrega" },
  },
  totals: {
    heading: "Importe",
    goods: "Productos",
    discount: "Descuento",
    coupon: "Cupón {code}",
    shipping: "Envío",
    freeShipping: "Gratis",
    taxIncluded: "IVA incluido en el total",
    taxBase: "Base imponible",
    tax: "IVA",
    total: "Total",
    giftCards: "Pagado con tarjeta regalo",
    /** A cancelled or refunded order: its cards got back what they paid (decision 038). */
    giftCardsRestored: "Devuelto a la tarjeta regalo",
  },
  delivery: {
    heading: "Entrega",
    date: "Día",
    slot: "Franja",
    slotRange: "de {start} a {end}",
    address: "Dirección",
    phone: "Teléfono: {phone}",
    notes: "Indicaciones para el reparto",
    zone: "Zona",
  },
  invoice: {
    heading: "Datos de facturación",
    name: "Nombre o razón social",
    taxId: "Identificación fiscal",
    address: "Dirección",
    documents: "Facturas",
    download: "Factura {number} (PDF)",
    corrective: "Factura rectificativa {number} (PDF)",
    pending:
      "La factura se emite cuando el pedido está pagado. Si ya lo está y aún no aparece, la estamos preparando y aparecerá aquí en unas horas; si no, escríbenos.",
    notFound: "No encontramos esa factura en tu cuenta.",
    failed: "No hemos podido preparar la factura. Inténtalo de nuevo en unos minutos.",
  },
  plan: {
    heading: "Tipo de compra",
    once: "Pedido único",
    subscription: "Suscripción",
    frequencies: { weekly: "semanal", fortnightly: "quincenal", monthly: "cada cuatro semanas" },
  },
  timeline: {
    heading: "Historial del pedido",
    created: "Pedido creado",
    from: "Antes: {status}",
    actors: {
      customer: "Por ti",
      payment: "Por el sistema de pago",
      staff: "Por nuestro equipo",
      system: "Automáticamente",
    } satisfies Record<StatusActor, string>,
  },
  /** The account's list of orders. */
  list: {
    intro: "Tus pedidos, del más reciente al más antiguo.",
    empty: "Aún no has hecho ningún pedido.",
    emptyHint: "Elige tu caja de fruta y verdura rescatada y te la llevamos a casa.",
    placedOn: "Hecho el {date}",
    deliveryOn: "Entrega: {date}, de {start} a {end}",
    items: { one: "{count} producto", other: "{count} productos" },
    open: "Ver el pedido {number}",
    more: "Ver pedidos anteriores",
  },
  /** Cancelling a one-off order from its page (docs/decisions/031), and the refunds it has had. */
  cancel: {
    open: "Anular el pedido",
    until: "Puedes anularlo hasta el {until}, cuando empezamos a prepararlo.",
    refund: "Si lo anulas, te devolvemos {amount} {method}.",
    nothingToRefund: "No te hemos cobrado nada, así que no hay nada que devolver.",
    frees: "Liberamos tu franja de entrega y, si usaste un cupón, podrás volver a usarlo.",
    confirm: "Sí, anular el pedido",
    methods: {
      sandbox: "al pago de prueba con el que pagaste",
      redsys: "a la tarjeta con la que pagaste",
      stripe: "a la tarjeta o el medio con el que pagaste",
    },
    done: "Hemos anulado tu pedido.",
    doneRefunded:
      "Hemos anulado tu pedido y te hemos devuelto {amount}. Según tu banco, puede tardar unos días en verse.",
    tooLate: "Ya no se puede anular: ha pasado la hora de cierre y lo estamos preparando.",
    notPossible: "Este pedido ya no se puede anular.",
    refundRefused: "El banco no ha aceptado la devolución, así que tu pedido sigue en pie. Escríbenos y lo resolvemos.",
    failed: "Ahora mismo no podemos anular tu pedido. Inténtalo de nuevo en unos minutos.",
  },
  refunds: {
    heading: "Devoluciones",
    item: "{amount}, el {when}",
    pending: "{amount}, el {when} (en curso)",
  },
  detail: {
    intro: "Hecho el {date}.",
    actions: "Acciones",
  },
  /** The account home. */
  home: {
    nextDelivery: "Tu próxima entrega",
    nextDeliveryBody: "{date}, de {start} a {end}",
    noDelivery: "No tienes ninguna entrega pendiente.",
    recent: "Tus últimos pedidos",
  },
};

export type OrdersTexts = typeof es;

const ca: OrdersTexts = {
  statuses: {
    pending_payment: "Pendent de pagament",
    paid: "Pagada",
    payment_failed: "Pagament no completat",
    cancelled: "Anul·lada",
    preparing: "En preparació",
    shipped: "En repartiment",
    delivered: "Lliurada",
    refunded: "Reemborsada",
  },
  number: "Comanda {number}",
  loadFailed: "Ara mateix no podem mostrar la teva comanda. Torna-ho a provar d'aquí a uns minuts.",
  viewOrder: "Mostra el detall de la comanda",
  allOrders: "Mostra totes les meves comandes",
  newOrder: "Fes una comanda",
  onDay: everyWeekday("el {date}"),
  outcome: {
    paid: {
      heading: "Gràcies! La teva comanda està pagada",
      body: "Te la portem {onDay}, de {start} a {end}.",
    },
    pending_payment: {
      heading: "Esperem la confirmació del banc",
      body: "Tan bon punt el banc ens confirmi el pagament, el veuràs aquí. Sol trigar uns segons.",
    },
    payment_failed: {
      heading: "El pagament no s'ha completat",
      body: "El banc no ha acceptat el pagament, o s'ha cancel·lat abans d'acabar. No t'hem cobrat res i la comanda continua reservada una estona: pots tornar-ho a provar.",
    },
    cancelled: {
      heading: "Aquesta comanda està anul·lada",
      body: "No es va pagar a temps, així que la vam anul·lar i vam alliberar la franja de lliurament. No t'hem cobrat res.",
    },
    cancelledAfterPayment: {
      heading: "Aquesta comanda està anul·lada",
      body: "L'hem anul·lada després del pagament. Si tens qualsevol dubte sobre la devolució, escriu-nos.",
    },
    preparing: {
      heading: "Estem preparant la teva comanda",
      body: "Te la portem {onDay}, de {start} a {end}.",
    },
    shipped: {
      heading: "La teva comanda és de camí",
      body: "Arriba {onDay}, de {start} a {end}.",
    },
    delivered: {
      heading: "La teva comanda està lliurada",
      body: "La vam lliurar {onDay}. Que la gaudeixis!",
    },
    refunded: {
      heading: "T'hem retornat l'import",
      body: "Hem retornat l'import d'aquesta comanda al mitjà amb què vas pagar. Pot trigar uns dies a aparèixer al teu compte.",
    },
  },
  nextHeading: "Què passa ara",
  nextSteps: [
    "T'enviem per correu la confirmació amb tot el que has demanat.",
    "Uns dies abans del lliurament preparem la comanda amb el que rescatem aquella setmana.",
    "El dia del lliurament te la portem a l'adreça que ens vas donar, en la franja que vas triar.",
  ],
  subscriptionStarted: "És la primera comanda de la teva subscripció ({frequency}).",
  stillWaiting:
    "La confirmació encara no ha arribat. Si vas pagar, no tornis a pagar: t'escriurem tan bon punt el banc ens l'enviï. Si no vas arribar a pagar, pots fer-ho ara.",
  refundDue:
    "Hem rebut un pagament d'aquesta comanda després d'anul·lar-la (o dues vegades): te'l retornarem a la targeta en un termini de 10 dies, sense que hagis de fer res.",
  checkAgain: "Torna-ho a comprovar",
  checking: "S'està comprovant…",
  retry: "Torna a intentar el pagament",
  payNow: "Paga ara",
  contact: "Escriu-nos",
  orderAgain: "Torna a demanar el mateix",
  orderAgainHint: "Comences una comanda nova amb les mateixes caixes i extres; tries de nou el dia de lliurament.",
  orderAgainFailed:
    "No hem pogut preparar la comanda nova. Potser algun producte ja no està a la venda; fes una comanda des del principi.",
  orderAgainTooMany: "Has començat moltes comandes seguides. Torna-ho a provar d'aquí a una estona.",
  pay: {
    intro: "Revisa la comanda. Quan premis el botó et portarem a la pàgina de pagament segura del banc.",
    button: "Paga {total}",
    notPayable: {
      paid: "Aquesta comanda ja està pagada: no has de fer res més.",
      cancelled: "Aquesta comanda està anul·lada perquè no es va pagar a temps, així que ja no es pot pagar.",
      other: "Aquesta comanda ja no està pendent de pagament.",
    },
    seeStatus: "Mostra com està la comanda",
    failed: "No hem pogut obrir la pàgina de pagament. Torna-ho a provar d'aquí a uns minuts.",
    changed: "La comanda ha canviat mentrestant: aquí tens el seu estat actual.",
  },
  redirect: {
    heading: "Et portem a la pàgina de pagament",
    body: "Si no s'obre sola d'aquí a uns segons, prem el botó.",
    button: "Vés a la pàgina de pagament",
  },
  lines: {
    heading: "El que has demanat",
    quantity: "{quantity} × {price}",
    vatIncluded: "IVA inclòs",
    withoutVat: "sense IVA",
    rate: "IVA {rate}",
    lineTax: "IVA de la línia: {amount}",
    lineDiscount: "Descompte: −{amount}",
    without: "Sense: {foods}",
    box: "Caixa",
    extra: "Extra",
    extraFrequencies: { once: "Només en el primer lliurament", every_delivery: "En cada lliurament" },
  },
  totals: {
    heading: "Import",
    goods: "Productes",
    discount: "Descompte",
    coupon: "Cupó {code}",
    shipping: "Enviament",
    freeShipping: "Gratuït",
    taxIncluded: "IVA inclòs en el total",
    taxBase: "Base imposable",
    tax: "IVA",
    total: "Total",
    giftCards: "Pagat amb targeta regal",
    giftCardsRestored: "Retornat a la targeta regal",
  },
  delivery: {
    heading: "Lliurament",
    date: "Dia",
    slot: "Franja",
    slotRange: "de {start} a {end}",
    address: "Adreça",
    phone: "Telèfon: {phone}",
    notes: "Indicacions per al repartiment",
    zone: "Zona",
  },
  invoice: {
    heading: "Dades de facturació",
    name: "Nom o raó social",
    taxId: "Identificació fiscal",
    address: "Adreça",
    documents: "Factures",
    download: "Factura {number} (PDF)",
    corrective: "Factura rectificativa {number} (PDF)",
    pending:
      "La factura s'emet quan la comanda està pagada. Si ja ho està i encara no hi apareix, l'estem preparant i apareixerà aquí en unes hores; si no, escriu-nos.",
    notFound: "No trobem aquesta factura al teu compte.",
    failed: "No hem pogut preparar la factura. Torna-ho a provar d'aquí a uns minuts.",
  },
  plan: {
    heading: "Tipus de compra",
    once: "Comanda única",
    subscription: "Subscripció",
    frequencies: { weekly: "setmanal", fortnightly: "quinzenal", monthly: "cada quatre setmanes" },
  },
  timeline: {
    heading: "Historial de la comanda",
    created: "Comanda creada",
    from: "Abans: {status}",
    actors: {
      customer: "Per tu",
      payment: "Pel sistema de pagament",
      staff: "Pel nostre equip",
      system: "Automàticament",
    },
  },
  list: {
    intro: "Les teves comandes, de la més recent a la més antiga.",
    empty: "Encara no has fet cap comanda.",
    emptyHint: "Tria la teva caixa de fruita i verdura rescatada i te la portem a casa.",
    placedOn: "Feta el {date}",
    deliveryOn: "Lliurament: {date}, de {start} a {end}",
    items: { one: "{count} producte", other: "{count} productes" },
    open: "Mostra la comanda {number}",
    more: "Mostra comandes anteriors",
  },
  cancel: {
    open: "Anul·lar la comanda",
    until: "Pots anul·lar-la fins al {until}, quan comencem a preparar-la.",
    refund: "Si l'anul·les, et retornem {amount} {method}.",
    nothingToRefund: "No t'hem cobrat res, així que no hi ha res a retornar.",
    frees: "Alliberem la teva franja de lliurament i, si vas fer servir un cupó, el podràs tornar a fer servir.",
    confirm: "Sí, anul·lar la comanda",
    methods: {
      sandbox: "al pagament de prova amb què vas pagar",
      redsys: "a la targeta amb què vas pagar",
      stripe: "a la targeta o el mitjà amb què vas pagar",
    },
    done: "Hem anul·lat la teva comanda.",
    doneRefunded:
      "Hem anul·lat la teva comanda i t'hem retornat {amount}. Segons el teu banc, pot trigar uns dies a veure's.",
    tooLate: "Ja no es pot anul·lar: ha passat l'hora de tancament i l'estem preparant.",
    notPossible: "Aquesta comanda ja no es pot anul·lar.",
    refundRefused:
      "El banc no ha acceptat el reemborsament, així que la comanda continua en peu. Escriu-nos i ho resolem.",
    failed: "Ara mateix no podem anul·lar la teva comanda. Torna-ho a provar d'aquí a uns minuts.",
  },
  refunds: {
    heading: "Reemborsaments",
    item: "{amount}, el {when}",
    pending: "{amount}, el {when} (en curs)",
  },
  detail: {
    intro: "Feta el {date}.",
    actions: "Accions",
  },
  home: {
    nextDelivery: "El teu proper lliurament",
    nextDeliveryBody: "{date}, de {start} a {end}",
    noDelivery: "No tens cap lliurament pendent.",
    recent: "Les teves últimes comandes",
  },
};

const pt: OrdersTexts = {
  statuses: {
    pending_payment: "Pagamento pendente",
    paid: "Pago",
    payment_failed: "Pagamento não concluído",
    cancelled: "Anulado",
    preparing: "Em preparação",
    shipped: "Em distribuição",
    delivered: "Entregue",
    refunded: "Reembolsado",
  },
  number: "Encomenda {number}",
  loadFailed: "Neste momento não conseguimos mostrar a sua encomenda. Tente de novo daqui a uns minutos.",
  viewOrder: "Ver o detalhe da encomenda",
  allOrders: "Ver todas as minhas encomendas",
  newOrder: "Fazer uma encomenda",
  onDay: {
    1: "na {date}",
    2: "na {date}",
    3: "na {date}",
    4: "na {date}",
    5: "na {date}",
    6: "no {date}",
    7: "no {date}",
  },
  outcome: {
    paid: {
      heading: "Obrigado! A sua encomenda está paga",
      body: "Entregamos-lha {onDay}, entre as {start} e as {end}.",
    },
    pending_payment: {
      heading: "Aguardamos a confirmação do banco",
      body: "Assim que o banco nos confirmar o pagamento, verá a confirmação aqui. Costuma demorar uns segundos.",
    },
    payment_failed: {
      heading: "O pagamento não foi concluído",
      body: "O banco não aceitou o pagamento, ou este foi cancelado antes de terminar. Não lhe cobrámos nada e a encomenda continua reservada durante algum tempo: pode tentar de novo.",
    },
    cancelled: {
      heading: "Esta encomenda está anulada",
      body: "Não foi paga a tempo, por isso anulámo-la e libertámos o horário de entrega. Não lhe cobrámos nada.",
    },
    cancelledAfterPayment: {
      heading: "Esta encomenda está anulada",
      body: "Anulámo-la depois do pagamento. Se tiver alguma dúvida sobre o reembolso, escreva-nos.",
    },
    preparing: {
      heading: "Estamos a preparar a sua encomenda",
      body: "Entregamos-lha {onDay}, entre as {start} e as {end}.",
    },
    shipped: {
      heading: "A sua encomenda está a caminho",
      body: "Chega {onDay}, entre as {start} e as {end}.",
    },
    delivered: {
      heading: "A sua encomenda foi entregue",
      body: "Entregámo-la {onDay}. Bom proveito!",
    },
    refunded: {
      heading: "Devolvemos-lhe o valor",
      body: "Devolvemos o valor desta encomenda para o meio com que pagou. Pode demorar alguns dias a aparecer na sua conta.",
    },
  },
  nextHeading: "O que acontece agora",
  nextSteps: [
    "Enviamos-lhe por e-mail a confirmação com tudo o que encomendou.",
    "Alguns dias antes da entrega preparamos a encomenda com o que resgatámos nessa semana.",
    "No dia da entrega levamo-la à morada que nos indicou, no horário que escolheu.",
  ],
  subscriptionStarted: "É a primeira encomenda da sua subscrição ({frequency}).",
  stillWaiting:
    "A confirmação ainda não chegou. Se pagou, não pague de novo: escrevemos-lhe assim que o banco no-la enviar. Se não chegou a pagar, pode fazê-lo agora.",
  refundDue:
    "Recebemos um pagamento desta encomenda depois de a anularmos (ou em duplicado): vamos devolvê-lo ao seu cartão no prazo de 10 dias, sem que tenha de fazer nada.",
  checkAgain: "Verificar de novo",
  checking: "A verificar…",
  retry: "Tentar pagar de novo",
  payNow: "Pagar agora",
  contact: "Escreva-nos",
  orderAgain: "Encomendar o mesmo outra vez",
  orderAgainHint: "Começa uma nova encomenda com as mesmas caixas e extras; escolhe de novo o dia de entrega.",
  orderAgainFailed:
    "Não conseguimos preparar a nova encomenda. Talvez algum produto já não esteja à venda; faça uma encomenda desde o início.",
  orderAgainTooMany: "Começou muitas encomendas seguidas. Tente de novo daqui a pouco.",
  pay: {
    intro: "Reveja a sua encomenda. Ao carregar no botão, abrimos a página de pagamento segura do banco.",
    button: "Pagar {total}",
    notPayable: {
      paid: "Esta encomenda já está paga: não precisa de fazer mais nada.",
      cancelled: "Esta encomenda foi anulada porque não foi paga a tempo, por isso já não pode ser paga.",
      other: "Esta encomenda já não está à espera de pagamento.",
    },
    seeStatus: "Ver o estado da encomenda",
    failed: "Não conseguimos abrir a página de pagamento. Tente de novo daqui a uns minutos.",
    changed: "Entretanto a encomenda mudou: eis o seu estado atual.",
  },
  redirect: {
    heading: "A abrir a página de pagamento",
    body: "Se não abrir sozinha dentro de alguns segundos, carregue no botão.",
    button: "Ir para a página de pagamento",
  },
  lines: {
    heading: "O que encomendou",
    quantity: "{quantity} × {price}",
    vatIncluded: "IVA incluído",
    withoutVat: "sem IVA",
    rate: "IVA {rate}",
    lineTax: "IVA da linha: {amount}",
    lineDiscount: "Desconto: −{amount}",
    without: "Sem: {foods}",
    box: "Caixa",
    extra: "Extra",
    extraFrequencies: { once: "Só na primeira entrega", every_delivery: "Em cada entrega" },
  },
  totals: {
    heading: "Valor",
    goods: "Produtos",
    discount: "Desconto",
    coupon: "Cupão {code}",
    shipping: "Envio",
    freeShipping: "Grátis",
    taxIncluded: "IVA incluído no total",
    taxBase: "Base tributável",
    tax: "IVA",
    total: "Total",
    giftCards: "Pago com cartão-presente",
    giftCardsRestored: "Devolvido ao cartão-presente",
  },
  delivery: {
    heading: "Entrega",
    date: "Dia",
    slot: "Horário",
    slotRange: "entre as {start} e as {end}",
    address: "Morada",
    phone: "Telefone: {phone}",
    notes: "Indicações para a entrega",
    zone: "Zona",
  },
  invoice: {
    heading: "Dados de faturação",
    name: "Nome ou denominação social",
    taxId: "Identificação fiscal",
    address: "Morada",
    documents: "Faturas",
    download: "Fatura {number} (PDF)",
    corrective: "Fatura retificativa {number} (PDF)",
    pending:
      "A fatura é emitida quando a encomenda estiver paga. Se já estiver e ainda não aparecer, estamos a prepará-la e aparecerá aqui dentro de algumas horas; caso contrário, escreva-nos.",
    notFound: "Não encontramos essa fatura na sua conta.",
    failed: "Não foi possível preparar a fatura. Tente novamente dentro de alguns minutos.",
  },
  plan: {
    heading: "Tipo de compra",
    once: "Encomenda única",
    subscription: "Subscrição",
    frequencies: { weekly: "semanal", fortnightly: "quinzenal", monthly: "de quatro em quatro semanas" },
  },
  timeline: {
    heading: "Histórico da encomenda",
    created: "Encomenda criada",
    from: "Antes: {status}",
    actors: {
      customer: "Por si",
      payment: "Pelo sistema de pagamento",
      staff: "Pela nossa equipa",
      system: "Automaticamente",
    },
  },
  list: {
    intro: "As suas encomendas, da mais recente para a mais antiga.",
    empty: "Ainda não fez nenhuma encomenda.",
    emptyHint: "Escolha a sua caixa de fruta e legumes resgatados e levamo-la a sua casa.",
    placedOn: "Feita a {date}",
    deliveryOn: "Entrega: {date}, entre as {start} e as {end}",
    items: { one: "{count} produto", other: "{count} produtos" },
    open: "Ver a encomenda {number}",
    more: "Ver encomendas anteriores",
  },
  cancel: {
    open: "Anular a encomenda",
    until: "Pode anulá-la até {until}, quando começamos a prepará-la.",
    refund: "Se a anular, devolvemos {amount} {method}.",
    nothingToRefund: "Não lhe cobrámos nada, por isso não há nada a devolver.",
    frees: "Libertamos o seu horário de entrega e, se usou um cupão, pode voltar a usá-lo.",
    confirm: "Sim, anular a encomenda",
    methods: {
      sandbox: "ao pagamento de teste com que pagou",
      redsys: "ao cartão com que pagou",
      stripe: "ao cartão ou meio com que pagou",
    },
    done: "Anulámos a sua encomenda.",
    doneRefunded:
      "Anulámos a sua encomenda e devolvemos {amount}. Conforme o seu banco, pode demorar alguns dias a aparecer.",
    tooLate: "Já não é possível anular: passou a hora de fecho e estamos a prepará-la.",
    notPossible: "Esta encomenda já não pode ser anulada.",
    refundRefused: "O banco não aceitou o reembolso, por isso a encomenda mantém-se. Escreva-nos e resolvemos.",
    failed: "Neste momento não conseguimos anular a sua encomenda. Tente de novo daqui a alguns minutos.",
  },
  refunds: {
    heading: "Reembolsos",
    item: "{amount}, a {when}",
    pending: "{amount}, a {when} (em curso)",
  },
  detail: {
    intro: "Feita a {date}.",
    actions: "Ações",
  },
  home: {
    nextDelivery: "A sua próxima entrega",
    nextDeliveryBody: "{date}, entre as {start} e as {end}",
    noDelivery: "Não tem nenhuma entrega pendente.",
    recent: "As suas últimas encomendas",
  },
};

const ORDERS_TEXTS: Record<Locale, OrdersTexts> = { es, ca, pt };

export function ordersTextsFor(locale: Locale): OrdersTexts {
  return ORDERS_TEXTS[locale];
}

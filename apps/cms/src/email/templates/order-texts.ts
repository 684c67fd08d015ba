import type { Frequency, Locale } from "@shop/domain";

/**
 * The words of the order mails (order-confirmation, order-payment-failed, order-shipped) in each
 * language: what the three share (the lines, the totals, the delivery), then each mail's own.
 */

export interface OrderSharedTexts {
  hello: string;
  linesHeading: string;
  everyDelivery: string;
  without(names: string): string;
  goods: string;
  discount(code: string | null): string;
  shipping: string;
  freeShipping: string;
  total: string;
  taxIncluded(amount: string): string;
  /** A means of payment, under the total (decision 038): never a discount. */
  giftCardsPaid: string;
  /** What is left of the total once the gift cards paid their part. */
  restPaid: string;
  invoiceAttached(number: string): string;
  deliveryHeading: string;
  date: string;
  slot: string;
  address: string;
  notes: string;
  countries: { ES: string; PT: string };
  frequencies: Record<Frequency, string>;
  footer: string;
}

export const orderSharedTexts = {
  es: {
    hello: "Hola",
    linesHeading: "Tu pedido",
    everyDelivery: "con cada entrega",
    without: (names) => `Sin: ${names}`,
    goods: "Productos",
    discount: (code) => (code === null ? "Descuento" : `Descuento (${code})`),
    shipping: "Envío",
    freeShipping: "Gratis",
    total: "Total",
    taxIncluded: (amount) => `IVA incluido: ${amount}`,
    giftCardsPaid: "Pagado con tarjetas regalo",
    restPaid: "Pagado con tu medio de pago",
    invoiceAttached: (number) =>
      `Te adjuntamos la factura ${number} en PDF; también la tienes en la página del pedido.`,
    deliveryHeading: "Entrega",
    date: "Día",
    slot: "Franja",
    address: "Dirección",
    notes: "Notas para el repartidor",
    countries: { ES: "España", PT: "Portugal" },
    frequencies: { weekly: "semanal", fortnightly: "quincenal", monthly: "mensual" },
    footer: "Recibes este correo porque has hecho un pedido en Imperfecta.",
  },
  ca: {
    hello: "Hola",
    linesHeading: "La teva comanda",
    everyDelivery: "amb cada lliurament",
    without: (names) => `Sense: ${names}`,
    goods: "Productes",
    discount: (code) => (code === null ? "Descompte" : `Descompte (${code})`),
    shipping: "Enviament",
    freeShipping: "Gratuït",
    total: "Total",
    taxIncluded: (amount) => `IVA inclòs: ${amount}`,
    giftCardsPaid: "Pagat amb targetes regal",
    restPaid: "Pagat amb el teu mitjà de pagament",
    invoiceAttached: (number) => `T'adjuntem la factura ${number} en PDF; també la tens a la pàgina de la comanda.`,
    deliveryHeading: "Lliurament",
    date: "Dia",
    slot: "Franja",
    address: "Adreça",
    notes: "Notes per al repartidor",
    countries: { ES: "Espanya", PT: "Portugal" },
    frequencies: { weekly: "setmanal", fortnightly: "quinzenal", monthly: "mensual" },
    footer: "Reps aquest correu perquè has fet una comanda a Imperfecta.",
  },
  pt: {
    hello: "Olá",
    linesHeading: "A sua encomenda",
    everyDelivery: "em cada entrega",
    without: (names) => `Sem: ${names}`,
    goods: "Produtos",
    discount: (code) => (code === null ? "Desconto" : `Desconto (${code})`),
    shipping: "Envio",
    freeShipping: "Grátis",
    total: "Total",
    taxIncluded: (amount) => `IVA incluído: ${amount}`,
    giftCardsPaid: "Pago com cartões-presente",
    restPaid: "Pago com o seu meio de pagamento",
    invoiceAttached: (number) => `Enviamos em anexo a fatura ${number} em PDF; também está na página da encomenda.`,
    deliveryHeading: "Entrega",
    date: "Dia",
    slot: "Horário",
    address: "Morada",
    notes: "Notas para o estafeta",
    countries: { ES: "Espanha", PT: "Portugal" },
    frequencies: { weekly: "semanal", fortnightly: "quinzenal", monthly: "mensal" },
    footer: "Recebe este e-mail porque fez uma encomenda na Imperfecta.",
  },
} as const satisfies Record<Locale, OrderSharedTexts>;

/** The words of one order mail: its subject, heading, what happened, and its button. */
export interface OrderMailTexts {
  subject(number: string): string;
  heading: string;
  paragraphs(number: string): readonly string[];
  /** A subscription's first order says so (confirmation only). */
  subscription?(frequency: string): string;
  action: string;
}

export const orderConfirmationTexts = {
  es: {
    subject: (number) => `Pedido ${number} confirmado`,
    heading: "Gracias, tu pedido está confirmado",
    paragraphs: (number) => [
      `Hemos recibido el pago del pedido ${number}. Lo preparamos con fruta y verdura rescatada y te lo llevamos el día y a la hora que elegiste.`,
    ],
    subscription: (frequency) => `Es la primera entrega de tu suscripción ${frequency}.`,
    action: "Ver mi pedido",
  },
  ca: {
    subject: (number) => `Comanda ${number} confirmada`,
    heading: "Gràcies, la teva comanda està confirmada",
    paragraphs: (number) => [
      `Hem rebut el pagament de la comanda ${number}. La preparem amb fruita i verdura rescatada i te la portem el dia i a l'hora que vas triar.`,
    ],
    subscription: (frequency) => `És el primer lliurament de la teva subscripció ${frequency}.`,
    action: "Veure la meva comanda",
  },
  pt: {
    subject: (number) => `Encomenda ${number} confirmada`,
    heading: "Obrigado, a sua encomenda está confirmada",
    paragraphs: (number) => [
      `Recebemos o pagamento da encomenda ${number}. Preparamo-la com fruta e legumes resgatados e entregamo-la no dia e à hora que escolheu.`,
    ],
    subscription: (frequency) => `É a primeira entrega da sua subscrição ${frequency}.`,
    action: "Ver a minha encomenda",
  },
} as const satisfies Record<Locale, OrderMailTexts>;

export const orderPaymentFailedTexts = {
  es: {
    subject: (number) => `No hemos podido cobrar el pedido ${number}`,
    heading: "El pago no se ha completado",
    paragraphs: (number) => [
      `El banco no ha aceptado el pago del pedido ${number}, así que todavía no está confirmado.`,
      "Puedes intentarlo de nuevo, con la misma tarjeta o con otra. Si el pedido no se paga pronto, lo anulamos y dejamos libre tu hora de entrega.",
    ],
    action: "Intentar el pago de nuevo",
  },
  ca: {
    subject: (number) => `No hem pogut cobrar la comanda ${number}`,
    heading: "El pagament no s'ha completat",
    paragraphs: (number) => [
      `El banc no ha acceptat el pagament de la comanda ${number}, així que encara no està confirmada.`,
      "Pots tornar-ho a provar, amb la mateixa targeta o amb una altra. Si la comanda no es paga aviat, l'anul·lem i deixem lliure la teva franja de lliurament.",
    ],
    action: "Tornar a provar el pagament",
  },
  pt: {
    subject: (number) => `Não conseguimos cobrar a encomenda ${number}`,
    heading: "O pagamento não foi concluído",
    paragraphs: (number) => [
      `O banco não aceitou o pagamento da encomenda ${number}, por isso ainda não está confirmada.`,
      "Pode tentar de novo, com o mesmo cartão ou com outro. Se a encomenda não for paga em breve, anulamo-la e libertamos a sua hora de entrega.",
    ],
    action: "Tentar pagar de novo",
  },
} as const satisfies Record<Locale, OrderMailTexts>;

export const orderShippedTexts = {
  es: {
    subject: (number) => `Tu pedido ${number} va de camino`,
    heading: "Tu pedido va de camino",
    paragraphs: (number) => [
      `Hemos preparado el pedido ${number} y ya ha salido hacia la dirección de entrega. Llega el día y en la franja que ves abajo.`,
    ],
    action: "Ver mi pedido",
  },
  ca: {
    subject: (number) => `La teva comanda ${number} és de camí`,
    heading: "La teva comanda és de camí",
    paragraphs: (number) => [
      `Hem preparat la comanda ${number} i ja ha sortit cap a l'adreça de lliurament. Arriba el dia i en la franja que veus a sota.`,
    ],
    action: "Veure la meva comanda",
  },
  pt: {
    subject: (number) => `A sua encomenda ${number} está a caminho`,
    heading: "A sua encomenda está a caminho",
    paragraphs: (number) => [
      `Preparámos a encomenda ${number} e já saiu para a morada de entrega. Chega no dia e no horário que vê abaixo.`,
    ],
    action: "Ver a minha encomenda",
  },
} as const satisfies Record<Locale, OrderMailTexts>;

/** A paid order's invoice issued after its confirmation went out (the owed-invoices job, decision 039). */
export const orderInvoiceTexts = {
  es: {
    subject: (number) => `Factura del pedido ${number}`,
    heading: "Aquí tienes tu factura",
    paragraphs: (number) => [
      `Cuando confirmamos el pedido ${number} aún no podíamos emitir su factura. Ya está emitida: te la adjuntamos.`,
    ],
    action: "Ver mi pedido",
  },
  ca: {
    subject: (number) => `Factura de la comanda ${number}`,
    heading: "Aquí tens la teva factura",
    paragraphs: (number) => [
      `Quan vam confirmar la comanda ${number} encara no en podíem emetre la factura. Ja està emesa: te l'adjuntem.`,
    ],
    action: "Veure la meva comanda",
  },
  pt: {
    subject: (number) => `Fatura da encomenda ${number}`,
    heading: "Aqui tem a sua fatura",
    paragraphs: (number) => [
      `Quando confirmámos a encomenda ${number} ainda não podíamos emitir a respetiva fatura. Já está emitida: enviamo-la em anexo.`,
    ],
    action: "Ver a minha encomenda",
  },
} as const satisfies Record<Locale, OrderMailTexts>;

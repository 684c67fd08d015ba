import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import type { PaymentProviderId } from "../../payments/provider";
import { defineTemplate } from "../template";
import { AccountMessage, greet } from "./account-message";
import { longDate } from "./order-message";

/**
 * To the customer after they changed their one-off order (docs/decisions/049): the new delivery,
 * the lines lowered, whether the address changed, the new total and what comes back, through which
 * method. Sent only once the change (and its refund) happened.
 */
export interface OrderChangedProps {
  name: string | null;
  number: string;
  /** The new delivery day and slot; null when it did not move. */
  delivery: { date: string; slot: { start: string; end: string } } | null;
  lines: { name: string; from: number; to: number }[];
  /** The address or the courier's notes changed. */
  addressChanged: boolean;
  total: Cents;
  refund: Cents;
  method: PaymentProviderId | null;
  url: string;
}

interface Texts {
  subject(number: string): string;
  hello: string;
  heading: string;
  intro(number: string): string;
  delivery(date: string, start: string, end: string): string;
  line(name: string, from: number, to: number): string;
  removed(name: string): string;
  address: string;
  total(amount: string): string;
  refund(amount: string): string;
  methods: Record<PaymentProviderId, string>;
  action: string;
  footer: string;
}

const texts = {
  es: {
    subject: (number) => `Hemos cambiado tu pedido ${number}`,
    hello: "Hola",
    heading: "Tu pedido ha cambiado",
    intro: (number) => `Hemos guardado los cambios que hiciste en el pedido ${number}:`,
    delivery: (date, start, end) => `Llega el ${date}, de ${start} a ${end}.`,
    line: (name, from, to) => `${name}: de ${from} a ${to}.`,
    removed: (name) => `${name}: quitado del pedido.`,
    address: "La dirección o las notas para el repartidor han cambiado.",
    total: (amount) => `El pedido cuesta ahora ${amount}.`,
    refund: (amount) => `Te devolvemos ${amount}`,
    methods: {
      sandbox: "al pago de pruebas con el que pagaste",
      redsys: "a la tarjeta con la que pagaste",
      stripe: "a la tarjeta o el medio con el que pagaste",
    },
    action: "Ver mi pedido",
    footer: "Recibes este correo porque cambiaste un pedido en Imperfecta.",
  },
  ca: {
    subject: (number) => `Hem canviat la teva comanda ${number}`,
    hello: "Hola",
    heading: "La teva comanda ha canviat",
    intro: (number) => `Hem desat els canvis que vas fer a la comanda ${number}:`,
    delivery: (date, start, end) => `Arriba el ${date}, de ${start} a ${end}.`,
    line: (name, from, to) => `${name}: de ${from} a ${to}.`,
    removed: (name) => `${name}: tret de la comanda.`,
    address: "L'adreça o les notes per al repartidor han canviat.",
    total: (amount) => `Ara la comanda costa ${amount}.`,
    refund: (amount) => `Et retornem ${amount}`,
    methods: {
      sandbox: "al pagament de proves amb què vas pagar",
      redsys: "a la targeta amb què vas pagar",
      stripe: "a la targeta o el mitjà amb què vas pagar",
    },
    action: "Veure la meva comanda",
    footer: "Reps aquest correu perquè vas canviar una comanda a Imperfecta.",
  },
  pt: {
    subject: (number) => `Alterámos a sua encomenda ${number}`,
    hello: "Olá",
    heading: "A sua encomenda foi alterada",
    intro: (number) => `Guardámos as alterações que fez à encomenda ${number}:`,
    delivery: (date, start, end) => `Chega a ${date}, das ${start} às ${end}.`,
    line: (name, from, to) => `${name}: de ${from} para ${to}.`,
    removed: (name) => `${name}: retirado da encomenda.`,
    address: "A morada ou as notas para o estafeta mudaram.",
    total: (amount) => `A encomenda custa agora ${amount}.`,
    refund: (amount) => `Devolvemos-lhe ${amount}`,
    methods: {
      sandbox: "ao pagamento de teste com que pagou",
      redsys: "ao cartão com que pagou",
      stripe: "ao cartão ou meio com que pagou",
    },
    action: "Ver a minha encomenda",
    footer: "Recebe este e-mail porque alterou uma encomenda na Imperfecta.",
  },
} as const satisfies Record<Locale, Texts>;

function paragraphs(props: OrderChangedProps, locale: Locale): string[] {
  const t: Texts = texts[locale];
  const money = (cents: Cents) => formatCents(cents, LOCALE_TAGS[locale]);
  return [
    t.intro(props.number),
    ...(props.delivery
      ? [t.delivery(longDate(props.delivery.date, locale), props.delivery.slot.start, props.delivery.slot.end)]
      : []),
    ...props.lines.map((line) => (line.to === 0 ? t.removed(line.name) : t.line(line.name, line.from, line.to))),
    ...(props.addressChanged ? [t.address] : []),
    t.total(money(props.total)),
    ...(props.refund > 0 && props.method ? [`${t.refund(money(props.refund))} ${t.methods[props.method]}.`] : []),
  ];
}

export const orderChanged = defineTemplate<OrderChangedProps>({
  subject: (props, locale) => texts[locale].subject(props.number),
  Email({ locale, ...props }) {
    const t = texts[locale];
    return (
      <AccountMessage
        locale={locale}
        preview={t.heading}
        heading={t.heading}
        greeting={greet(t.hello, props.name)}
        paragraphs={paragraphs(props, locale)}
        action={{ label: t.action, href: props.url }}
        footerNote={t.footer}
      />
    );
  },
  sample: {
    name: "Ana",
    number: "IMP-0000042",
    delivery: { date: "2026-12-04", slot: { start: "09:00", end: "14:00" } },
    lines: [{ name: "Caja mixta mediana", from: 2, to: 1 }],
    addressChanged: false,
    total: 2980,
    refund: 2490,
    method: "redsys",
    url: "http://localhost:3000/mi-cuenta/pedidos/IMP-0000042",
  },
});

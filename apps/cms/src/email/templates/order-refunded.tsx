import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import type { PaymentProviderId } from "../../payments/provider";
import { AccountMessage, greet } from "./account-message";
import { defineTemplate } from "../template";

/**
 * To the customer when money of an order is given back (docs/decisions/031): how much, to which
 * method, in total so far, and whether the order was cancelled with it.
 */
export interface OrderRefundedProps {
  name: string | null;
  number: string;
  amount: Cents;
  /** Every refund of the order so far, this one included, and what was paid. */
  refundedTotal: Cents;
  paid: Cents;
  /** The gateway the money goes back through: it says to which card or method. */
  method: PaymentProviderId;
  /** The customer cancelled the order (before its cut-off). */
  cancelled: boolean;
  /** The order in the account. */
  url: string;
}

interface Texts {
  subject(number: string): string;
  hello: string;
  heading: string;
  cancelled(number: string): string;
  refunded(amount: string, number: string): string;
  methods: Record<PaymentProviderId, string>;
  soFar(refunded: string, paid: string): string;
  when: string;
  action: string;
  footer: string;
}

const texts = {
  es: {
    subject: (number) => `Te hemos devuelto dinero del pedido ${number}`,
    hello: "Hola",
    heading: "Te hemos hecho una devolución",
    cancelled: (number) => `Hemos anulado el pedido ${number}, como nos pediste.`,
    refunded: (amount, number) => `Te hemos devuelto ${amount} del pedido ${number}`,
    methods: {
      sandbox: "al pago de pruebas con el que pagaste",
      redsys: "a la tarjeta con la que pagaste",
      stripe: "a la tarjeta o el medio con el que pagaste",
    },
    soFar: (refunded, paid) => `En total te hemos devuelto ${refunded} de los ${paid} que pagaste.`,
    when: "Según tu banco, puede tardar unos días en verse en tu cuenta.",
    action: "Ver mi pedido",
    footer: "Recibes este correo porque hiciste un pedido en Imperfecta.",
  },
  ca: {
    subject: (number) => `T'hem retornat diners de la comanda ${number}`,
    hello: "Hola",
    heading: "T'hem fet un reemborsament",
    cancelled: (number) => `Hem anul·lat la comanda ${number}, com ens vas demanar.`,
    refunded: (amount, number) => `T'hem retornat ${amount} de la comanda ${number}`,
    methods: {
      sandbox: "al pagament de proves amb què vas pagar",
      redsys: "a la targeta amb què vas pagar",
      stripe: "a la targeta o el mitjà amb què vas pagar",
    },
    soFar: (refunded, paid) => `En total t'hem retornat ${refunded} dels ${paid} que vas pagar.`,
    when: "Segons el teu banc, pot trigar uns dies a veure's al teu compte.",
    action: "Veure la meva comanda",
    footer: "Reps aquest correu perquè vas fer una comanda a Imperfecta.",
  },
  pt: {
    subject: (number) => `Devolvemos dinheiro da encomenda ${number}`,
    hello: "Olá",
    heading: "Fizemos-lhe um reembolso",
    cancelled: (number) => `Anulámos a encomenda ${number}, como nos pediu.`,
    refunded: (amount, number) => `Devolvemos ${amount} da encomenda ${number}`,
    methods: {
      sandbox: "ao pagamento de teste com que pagou",
      redsys: "ao cartão com que pagou",
      stripe: "ao cartão ou meio com que pagou",
    },
    soFar: (refunded, paid) => `No total devolvemos ${refunded} dos ${paid} que pagou.`,
    when: "Conforme o seu banco, pode demorar alguns dias a aparecer na sua conta.",
    action: "Ver a minha encomenda",
    footer: "Recebe este e-mail porque fez uma encomenda na Imperfecta.",
  },
} as const satisfies Record<Locale, Texts>;

function paragraphs(props: OrderRefundedProps, locale: Locale): string[] {
  const t: Texts = texts[locale];
  const money = (cents: Cents) => formatCents(cents, LOCALE_TAGS[locale]);
  return [
    ...(props.cancelled ? [t.cancelled(props.number)] : []),
    `${t.refunded(money(props.amount), props.number)} ${t.methods[props.method]}.`,
    ...(props.refundedTotal === props.amount ? [] : [t.soFar(money(props.refundedTotal), money(props.paid))]),
    t.when,
  ];
}

export const orderRefunded = defineTemplate<OrderRefundedProps>({
  subject: (props, locale) => texts[locale].subject(props.number),
  Email({ locale, ...props }) {
    const t = texts[locale];
    const body = paragraphs(props, locale);
    return (
      <AccountMessage
        locale={locale}
        preview={body[0] ?? t.heading}
        heading={t.heading}
        greeting={greet(t.hello, props.name)}
        paragraphs={body}
        action={{ label: t.action, href: props.url }}
        footerNote={t.footer}
      />
    );
  },
  sample: {
    name: "Ana",
    number: "IMP-0000042",
    amount: 1250,
    refundedTotal: 1250,
    paid: 4311,
    method: "redsys",
    cancelled: false,
    url: "http://localhost:3000/mi-cuenta/pedidos/IMP-0000042",
  },
});

import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import { EmailHeading, Fields, Paragraph } from "../components";
import { EmailLayout } from "../layout";
import { defineTemplate } from "../template";
import { longDate } from "./order-message";

/**
 * The buyer's receipt for a gift card (issue 23): what was paid, for whom, and when the recipient's
 * e-mail goes out. A multi-purpose voucher (docs/decisions/033): the amount is a prepayment, with no
 * VAT line; the VAT is charged on the orders the card pays.
 */
export interface GiftCardReceiptProps {
  amount: Cents;
  recipientName: string;
  recipientEmail: string;
  /** The day the recipient's e-mail goes out (YYYY-MM-DD, Madrid); null: as soon as the payment was confirmed. */
  sendOn: string | null;
  /** What the gateway's page and the statement call it (GIFT-000042). */
  label: string;
  /** The last four characters of the card's code, which staff search by. */
  codeTail: string;
  /** The shop's page where gift cards are bought. */
  url: string;
}

const texts = {
  es: {
    subject: (props: GiftCardReceiptProps) => `Recibo de tu tarjeta regalo para ${props.recipientName}`,
    heading: "Gracias por tu tarjeta regalo",
    intro: "Hemos recibido el pago de la tarjeta regalo. Este es tu recibo.",
    amount: "Importe pagado",
    recipient: "Para",
    when: "Envío del correo",
    now: "Enviado en cuanto se confirmó el pago",
    reference: "Referencia",
    card: "Tarjeta",
    vat: "Bono polivalente: su venta no lleva IVA. El IVA se aplica a los pedidos que se paguen con la tarjeta, al tipo de cada producto.",
    code: "El código solo va en el correo de la persona que la recibe; no caduca.",
    footer: "Recibes este correo porque has comprado una tarjeta regalo de Imperfecta.",
  },
  ca: {
    subject: (props: GiftCardReceiptProps) => `Rebut de la teva targeta regal per a ${props.recipientName}`,
    heading: "Gràcies per la teva targeta regal",
    intro: "Hem rebut el pagament de la targeta regal. Aquest és el teu rebut.",
    amount: "Import pagat",
    recipient: "Per a",
    when: "Enviament del correu",
    now: "Enviat tan bon punt es va confirmar el pagament",
    reference: "Referència",
    card: "Targeta",
    vat: "Bo polivalent: la seva venda no porta IVA. L'IVA s'aplica a les comandes que es paguin amb la targeta, al tipus de cada producte.",
    code: "El codi només va al correu de la persona que la rep; no caduca.",
    footer: "Reps aquest correu perquè has comprat una targeta regal d'Imperfecta.",
  },
  pt: {
    subject: (props: GiftCardReceiptProps) => `Recibo do seu cartão-presente para ${props.recipientName}`,
    heading: "Obrigado pelo seu cartão-presente",
    intro: "Recebemos o pagamento do cartão-presente. Este é o seu recibo.",
    amount: "Montante pago",
    recipient: "Para",
    when: "Envio do e-mail",
    now: "Enviado assim que o pagamento foi confirmado",
    reference: "Referência",
    card: "Cartão",
    vat: "Voucher polivalente: a sua venda não tem IVA. O IVA aplica-se às encomendas pagas com o cartão, à taxa de cada produto.",
    code: "O código só vai no e-mail de quem o recebe; não expira.",
    footer: "Recebe este e-mail porque comprou um cartão-presente da Imperfecta.",
  },
} as const satisfies Record<Locale, object>;

function Email({ locale, ...props }: GiftCardReceiptProps & { locale: Locale }) {
  const t = texts[locale];
  return (
    <EmailLayout locale={locale} preview={t.intro} footerNote={t.footer}>
      <EmailHeading>{t.heading}</EmailHeading>
      <Paragraph>{t.intro}</Paragraph>
      <Fields
        fields={[
          { label: t.amount, value: formatCents(props.amount, LOCALE_TAGS[locale]) },
          { label: t.recipient, value: `${props.recipientName} (${props.recipientEmail})` },
          { label: t.when, value: props.sendOn === null ? t.now : longDate(props.sendOn, locale) },
          { label: t.card, value: `···· ${props.codeTail}` },
          { label: t.reference, value: props.label },
        ]}
      />
      <Paragraph>{t.vat}</Paragraph>
      <Paragraph>{t.code}</Paragraph>
    </EmailLayout>
  );
}

export const giftCardReceipt = defineTemplate<GiftCardReceiptProps>({
  subject: (props, locale) => texts[locale].subject(props),
  Email,
  sample: {
    amount: 3490,
    recipientName: "Marta",
    recipientEmail: "marta@example.com",
    sendOn: "2026-12-24",
    label: "GIFT-000042",
    codeTail: "7KQ4",
    url: "http://localhost:3000/tarjeta-regalo-digital/crear",
  },
});

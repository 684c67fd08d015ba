import type { Order } from "@shop/contracts";
import { formatCents, isIsoDate, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import { Column, Row, Section, Text } from "@react-email/components";
import { Fragment } from "react";
import { ActionButton, ButtonFallback, EmailHeading, EmailSubheading, Fields, Paragraph } from "../components";
import { EmailLayout } from "../layout";
import { defineTemplate, type EmailTemplate } from "../template";
import { colors } from "../theme";
import { greet } from "./account-message";
import { orderSharedTexts, type OrderMailTexts, type OrderSharedTexts } from "./order-texts";

/**
 * The body the order mails share: a greeting, what happened, the one thing to do, then the order
 * itself (every line, the totals, the delivery) as the customer's account shows it.
 */

/** What every order mail shows: the order as its customer sees it, whom to greet, where the button goes. */
export type OrderMailProps = Pick<
  Order,
  "number" | "purchase" | "frequency" | "lines" | "totals" | "couponCode" | "delivery"
> & {
  /** The customer's first name, if they gave one. */
  name: string | null;
  /** The storefront page the button opens: the order in the account, or the page to pay again. */
  url: string;
  /** What gift cards paid of the total (a means of payment, decision 038); 0 or absent when none. */
  giftCardsPaid?: Cents;
  /** The invoice attached to the mail (docs/decisions/039), if the order asked for one. */
  invoiceNumber?: string | null;
};

type Line = Order["lines"][number];
type Address = Order["delivery"]["address"];

const money = (cents: Cents, locale: Locale) => formatCents(cents, LOCALE_TAGS[locale]);

/** "viernes, 14 de marzo de 2025": the delivery day in the customer's language (a calendar date, no time zone). */
export function longDate(isoDate: string, locale: Locale): string {
  // A mail is never lost to a malformed date: it then shows what it was given (escaped like any text).
  if (!isIsoDate(isoDate)) return isoDate;
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

const cell = { padding: "8px 0", fontSize: "15px", lineHeight: "22px", color: colors.text } as const;
const note = { margin: "2px 0 0", fontSize: "13px", lineHeight: "20px", color: colors.muted } as const;

function AmountRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <Row style={{ borderBottom: `1px solid ${colors.line}` }}>
      <Column style={{ ...cell, fontWeight: weight }}>{`${label}: `}</Column>
      <Column align="right" style={{ ...cell, fontWeight: weight, whiteSpace: "nowrap" }}>
        {amount}
      </Column>
    </Row>
  );
}

function LineRow({ line, locale, t }: { line: Line; locale: Locale; t: OrderSharedTexts }) {
  const details = [
    ...(line.frequency === "every_delivery" ? [t.everyDelivery] : []),
    ...(line.exclusions.length > 0 ? [t.without(line.exclusions.join(", "))] : []),
  ];
  // The details go below the name and price, not inside the name's cell: the plain-text part then
  // reads "2 × Mermelada – 23,00 €" on one line, the details after it.
  return (
    <Section style={{ borderBottom: `1px solid ${colors.line}` }}>
      <Row>
        <Column style={details.length > 0 ? { ...cell, paddingBottom: "0" } : cell}>
          {`${line.quantity} × ${line.name}`}
        </Column>
        <Column
          align="right"
          valign="top"
          style={{ ...cell, ...(details.length > 0 ? { paddingBottom: "0" } : {}), whiteSpace: "nowrap" }}
        >
          {money(line.gross, locale)}
        </Column>
      </Row>
      {details.length > 0 && (
        <Row>
          <Column style={{ paddingBottom: "8px" }}>
            {details.map((detail) => (
              <Text key={detail} style={note}>
                {detail}
              </Text>
            ))}
          </Column>
        </Row>
      )}
    </Section>
  );
}

function OrderLines({ props, locale, t }: { props: OrderMailProps; locale: Locale; t: OrderSharedTexts }) {
  const { totals } = props;
  const giftCards = props.giftCardsPaid ?? 0;
  return (
    <>
      <EmailSubheading>{t.linesHeading}</EmailSubheading>
      {props.lines.map((line, index) => (
        <LineRow key={`${line.kind}-${line.productId}-${index}`} line={line} locale={locale} t={t} />
      ))}
      <AmountRow label={t.goods} amount={money(totals.goods, locale)} />
      {totals.discount > 0 && (
        <AmountRow label={t.discount(props.couponCode)} amount={`−${money(totals.discount, locale)}`} />
      )}
      <AmountRow label={t.shipping} amount={totals.shipping === 0 ? t.freeShipping : money(totals.shipping, locale)} />
      <AmountRow label={t.total} amount={money(totals.total, locale)} strong />
      {giftCards > 0 && (
        <>
          <AmountRow label={t.giftCardsPaid} amount={money(giftCards, locale)} />
          <AmountRow label={t.restPaid} amount={money(Math.max(0, totals.total - giftCards), locale)} />
        </>
      )}
      <Text style={note}>{t.taxIncluded(money(totals.tax, locale))}</Text>
    </>
  );
}

function addressLines(address: Address, t: OrderSharedTexts): string[] {
  return [
    address.fullName,
    address.company,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    address.region,
    t.countries[address.country],
    address.phone,
  ].filter((part): part is string => part !== null && part.trim() !== "");
}

function Delivery({ delivery, locale, t }: { delivery: Order["delivery"]; locale: Locale; t: OrderSharedTexts }) {
  const address = addressLines(delivery.address, t).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {part}
    </Fragment>
  ));
  return (
    <>
      <EmailSubheading>{t.deliveryHeading}</EmailSubheading>
      <Fields
        fields={[
          { label: t.date, value: longDate(delivery.date, locale) },
          { label: t.slot, value: `${delivery.slot.start}–${delivery.slot.end}` },
          { label: t.address, value: address },
          ...(delivery.notes.trim() === "" ? [] : [{ label: t.notes, value: delivery.notes }]),
        ]}
      />
    </>
  );
}

interface OrderMessageProps {
  locale: Locale;
  props: OrderMailProps;
  texts: OrderMailTexts;
}

function OrderMessage({ locale, props, texts }: OrderMessageProps) {
  const t = orderSharedTexts[locale];
  const paragraphs = texts.paragraphs(props.number);
  const subscription =
    props.purchase === "subscription" && props.frequency !== null && texts.subscription !== undefined
      ? texts.subscription(t.frequencies[props.frequency])
      : undefined;
  return (
    <EmailLayout locale={locale} preview={paragraphs[0] ?? texts.heading} footerNote={t.footer}>
      <EmailHeading>{texts.heading}</EmailHeading>
      <Paragraph>{greet(t.hello, props.name)}</Paragraph>
      {paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      {subscription !== undefined && <Paragraph>{subscription}</Paragraph>}
      {props.invoiceNumber ? <Paragraph>{t.invoiceAttached(props.invoiceNumber)}</Paragraph> : null}
      <ActionButton href={props.url}>{texts.action}</ActionButton>
      <OrderLines props={props} locale={locale} t={t} />
      <Delivery delivery={props.delivery} locale={locale} t={t} />
      <ButtonFallback locale={locale} href={props.url} />
    </EmailLayout>
  );
}

/** An order mail from its words in each language: the body is OrderMessage's. */
export function defineOrderTemplate(
  texts: Record<Locale, OrderMailTexts>,
  sample: OrderMailProps,
): EmailTemplate<OrderMailProps> {
  function Email({ locale, ...props }: OrderMailProps & { locale: Locale }) {
    return <OrderMessage locale={locale} props={props} texts={texts[locale]} />;
  }
  return defineTemplate<OrderMailProps>({
    subject: (props, locale) => texts[locale].subject(props.number),
    Email,
    sample,
  });
}

/** Realistic props for the previews and the template tests: a subscription's first order, with a coupon. */
export const ORDER_MAIL_SAMPLE: Omit<OrderMailProps, "url"> = {
  name: "Ana",
  number: "IMP-0000042",
  purchase: "subscription",
  frequency: "weekly",
  lines: [
    {
      kind: "box",
      productId: 3,
      name: "Caja mixta mediana",
      quantity: 1,
      frequency: null,
      unitPrice: 2490,
      taxRate: 0.04,
      gross: 2490,
      tax: 86,
      discount: 249,
      exclusions: ["Berenjena", "Coliflor"],
    },
    {
      kind: "extra",
      productId: 17,
      name: "Mermelada de naranja amarga",
      quantity: 2,
      frequency: "every_delivery",
      unitPrice: 1150,
      taxRate: 0.1,
      gross: 2300,
      tax: 188,
      discount: 230,
      exclusions: [],
    },
  ],
  totals: { goods: 4790, discount: 479, shipping: 0, tax: 274, total: 4311 },
  couponCode: "BIENVENIDA10",
  delivery: {
    date: "2025-03-14",
    slot: { code: "morning", start: "09:00", end: "14:00" },
    zoneName: "Barcelona",
    address: {
      fullName: "Ana García",
      company: null,
      line1: "Carrer de Mallorca, 120",
      line2: "3r 2a",
      postalCode: "08036",
      city: "Barcelona",
      region: null,
      country: "ES",
      phone: "+34 600 123 456",
    },
    notes: "Timbre 2A; si no estamos, dejadlo en la portería.",
  },
};

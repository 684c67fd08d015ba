import type { Locale } from "@shop/domain";
import { Text } from "@react-email/components";
import { ActionButton, ButtonFallback, EmailHeading, Paragraph } from "../components";
import { EmailLayout } from "../layout";
import { defineTemplate, type EmailTemplate } from "../template";
import { colors, fontFamily } from "../theme";

/** What every mail about a customer's account shows, in the customer's language. */
export interface AccountMessageProps {
  locale: Locale;
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: readonly string[];
  /** A one-time code, shown large and spaced (sign-in by code). */
  code?: string;
  /** The button; its address is written out at the end too (ButtonFallback). */
  action?: { label: string; href: string };
  /** After the button: how long the link lasts, what to do if it was not you. */
  after?: readonly string[];
  footerNote: string;
}

/** "Hola, Ana:" or, for a customer without a name, "Hola:". */
export function greet(hello: string, name: string | null): string {
  return name === null || name.trim() === "" ? `${hello}:` : `${hello}, ${name}:`;
}

/** The body the account mails share: a greeting, what happened, the one thing to do, and the fine print. */
export function AccountMessage(props: AccountMessageProps) {
  return (
    <EmailLayout locale={props.locale} preview={props.preview} footerNote={props.footerNote}>
      <EmailHeading>{props.heading}</EmailHeading>
      <Paragraph>{props.greeting}</Paragraph>
      {props.paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      {props.code !== undefined && (
        <Text
          style={{
            margin: "0 0 20px",
            padding: "12px 16px",
            fontFamily,
            fontSize: "30px",
            lineHeight: "40px",
            fontWeight: 800,
            letterSpacing: "8px",
            textAlign: "center",
            color: colors.green,
            backgroundColor: colors.beige,
          }}
        >
          {props.code}
        </Text>
      )}
      {props.action !== undefined && <ActionButton href={props.action.href}>{props.action.label}</ActionButton>}
      {props.after?.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      {props.action !== undefined && <ButtonFallback locale={props.locale} href={props.action.href} />}
    </EmailLayout>
  );
}

/** What every account mail's props have: whom to greet and where its button goes. */
export interface AccountMailProps {
  /** The customer's first name, if they gave one. */
  name: string | null;
  /** The storefront page the button opens. */
  url: string;
  /** A one-time code to show (sign-in by code). */
  code?: string;
}

/** The words of one account mail in one language. */
export interface AccountTexts<Props> {
  subject(props: Props): string;
  hello: string;
  heading: string;
  paragraphs: readonly string[];
  action: string;
  after: readonly string[];
  footer: string;
}

/** An account mail from its words in each language: the body is AccountMessage's. */
export function defineAccountTemplate<Props extends AccountMailProps>(
  texts: Record<Locale, AccountTexts<Props>>,
  sample: Props,
): EmailTemplate<Props> {
  function Email({ locale, ...rest }: Props & { locale: Locale }) {
    const props = rest as unknown as Props;
    const t = texts[locale];
    return (
      <AccountMessage
        locale={locale}
        preview={t.paragraphs[0] ?? t.heading}
        heading={t.heading}
        greeting={greet(t.hello, props.name)}
        paragraphs={t.paragraphs}
        {...(props.code === undefined ? {} : { code: props.code })}
        action={{ label: t.action, href: props.url }}
        after={t.after}
        footerNote={t.footer}
      />
    );
  }
  return defineTemplate<Props>({ subject: (props, locale) => texts[locale].subject(props), Email, sample });
}

import { Button, Column, Heading, Link, Row, Text } from "@react-email/components";
import { Fragment, type ReactNode } from "react";
import type { Locale } from "@shop/domain";
import { colors, fontFamily } from "./theme";

/**
 * The building blocks of a message body, styled inline. Everything a visitor typed goes in as a
 * JSX child (never as markup), so React escapes it in the HTML part.
 */

export function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{ margin: "0 0 16px", fontFamily, fontSize: "22px", lineHeight: "28px", color: colors.green }}
    >
      {children}
    </Heading>
  );
}

export function EmailSubheading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h2"
      style={{ margin: "24px 0 8px", fontFamily, fontSize: "17px", lineHeight: "24px", color: colors.green }}
    >
      {children}
    </Heading>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text style={{ margin: "0 0 16px", fontSize: "15px", lineHeight: "24px", color: colors.text }}>{children}</Text>
  );
}

/** Text as typed, line breaks kept (as <br>: Outlook ignores `white-space: pre-wrap`). */
export function MultilineText({ text }: { text: string }) {
  return (
    <Text
      style={{
        margin: "0 0 16px",
        padding: "12px 16px",
        fontSize: "15px",
        lineHeight: "24px",
        color: colors.text,
        backgroundColor: colors.beige,
        borderLeft: `4px solid ${colors.orange}`,
      }}
    >
      {text.split(/\r?\n/).map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

export interface Field {
  label: string;
  value: ReactNode;
}

/** Label and value pairs, one table row each; labels end in a colon for the plain-text part. */
export function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <>
      {fields.map(({ label, value }) => (
        <Row key={label} style={{ borderBottom: `1px solid ${colors.line}` }}>
          <Column
            width="140"
            valign="top"
            style={{
              width: "140px",
              padding: "8px 12px 8px 0",
              fontSize: "14px",
              lineHeight: "22px",
              color: colors.muted,
            }}
          >
            {`${label}: `}
          </Column>
          <Column valign="top" style={{ padding: "8px 0", fontSize: "15px", lineHeight: "22px", color: colors.text }}>
            {value}
          </Column>
        </Row>
      ))}
    </>
  );
}

export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: colors.green, textDecorationLine: "underline" }}>
      {children}
    </Link>
  );
}

/**
 * The one call to action of a message (React Email's button carries Outlook's padding workaround).
 * Green, not orange: white text on the orange is too faint to read comfortably.
 */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        display: "inline-block",
        padding: "12px 24px",
        borderRadius: "6px",
        backgroundColor: colors.green,
        color: colors.white,
        fontFamily,
        fontSize: "15px",
        fontWeight: 700,
        lineHeight: "20px",
        textDecoration: "none",
      }}
    >
      {children}
    </Button>
  );
}

/** The line every mail with a button closes with, in its language. */
const BUTTON_FALLBACK = {
  es: "Si el botón no funciona, abre esta dirección:",
  ca: "Si el botó no funciona, obre aquesta adreça:",
  pt: "Se o botão não funcionar, abra este endereço:",
} as const satisfies Record<Locale, string>;

/** The button's address written out, for mail clients that hide or block buttons. */
export function ButtonFallback({ locale, href }: { locale: Locale; href: string }) {
  return (
    <Paragraph>
      {`${BUTTON_FALLBACK[locale]} `}
      <EmailLink href={href}>{href}</EmailLink>
    </Paragraph>
  );
}

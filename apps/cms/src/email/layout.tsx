import { LOCALE_TAGS, type Locale } from "@shop/domain";
import { Body, Column, Container, Head, Html, Preview, Row, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { colors, fontFamily, SHOP_NAME } from "./theme";

const layoutTexts = {
  es: { tagline: "Fruta y verdura rescatada, a domicilio" },
  ca: { tagline: "Fruita i verdura rescatada, a domicili" },
  pt: { tagline: "Fruta e legumes resgatados, em casa" },
} as const satisfies Record<Locale, { tagline: string }>;

export interface EmailLayoutProps {
  locale: Locale;
  /** The line mail clients show after the subject in the inbox (hidden in the message itself). */
  preview: string;
  /** A line above the shop's name at the bottom, e.g. why this mail was sent. */
  footerNote?: string;
  children: ReactNode;
}

/**
 * The frame of every mail: the shop's name on green with an orange rule, a white card on beige,
 * the footer. Tables (React Email's Container, Row and Column) and inline styles only, so Outlook,
 * Gmail and Apple Mail show the same thing.
 */
export function EmailLayout({ locale, preview, footerNote, children }: EmailLayoutProps) {
  const texts = layoutTexts[locale];
  return (
    <Html lang={LOCALE_TAGS[locale]} dir="ltr">
      <Head />
      <Body style={{ margin: 0, padding: "24px 0", backgroundColor: colors.beige, fontFamily, color: colors.text }}>
        <Preview>{preview}</Preview>
        <Container
          width="600"
          style={{ maxWidth: "600px", width: "100%", backgroundColor: colors.white, borderCollapse: "collapse" }}
        >
          <Row>
            <Column
              style={{
                padding: "20px 32px",
                backgroundColor: colors.green,
                borderBottom: `4px solid ${colors.orange}`,
              }}
            >
              <Text
                style={{
                  margin: 0,
                  fontFamily,
                  fontSize: "26px",
                  lineHeight: "32px",
                  fontWeight: 800,
                  letterSpacing: "0.5px",
                  color: colors.white,
                }}
              >
                {SHOP_NAME}
              </Text>
            </Column>
          </Row>
          <Row>
            <Column style={{ padding: "28px 32px 32px" }}>{children}</Column>
          </Row>
          <Row>
            <Column style={{ padding: "20px 32px", borderTop: `1px solid ${colors.line}` }}>
              {footerNote !== undefined && (
                <Text style={{ margin: "0 0 8px", fontSize: "13px", lineHeight: "20px", color: colors.muted }}>
                  {footerNote}
                </Text>
              )}
              <Text style={{ margin: 0, fontSize: "13px", lineHeight: "20px", color: colors.muted }}>
                <strong style={{ color: colors.green }}>{SHOP_NAME}</strong>
                {` · ${texts.tagline}`}
              </Text>
            </Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}

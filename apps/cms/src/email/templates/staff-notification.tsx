import type { Locale } from "@shop/domain";
import {
  ActionButton,
  EmailHeading,
  EmailLink,
  EmailSubheading,
  Fields,
  MultilineText,
  Paragraph,
  type Field,
} from "../components";
import { EmailLayout } from "../layout";

/** What every staff notification of a public form shows, in the staff's language. */
export interface StaffNotificationProps {
  locale: Locale;
  preview: string;
  heading: string;
  intro: string;
  /** Shown first, before the sender's e-mail address. */
  fields: readonly Field[];
  email: { label: string; address: string };
  /** Shown after the e-mail address. */
  moreFields: readonly Field[];
  message: { heading: string; text: string };
  openInPanel: { label: string; href: string };
  footerNote: string;
}

/**
 * The body both public forms' notifications share: who wrote, how to reach them, what they wrote,
 * and the entry in the admin panel. Each template supplies its own texts and fields.
 */
export function StaffNotification(props: StaffNotificationProps) {
  const emailField: Field = {
    label: props.email.label,
    value: <EmailLink href={`mailto:${props.email.address}`}>{props.email.address}</EmailLink>,
  };
  return (
    <EmailLayout locale={props.locale} preview={props.preview} footerNote={props.footerNote}>
      <EmailHeading>{props.heading}</EmailHeading>
      <Paragraph>{props.intro}</Paragraph>
      <Fields fields={[...props.fields, emailField, ...props.moreFields]} />
      <EmailSubheading>{props.message.heading}</EmailSubheading>
      <MultilineText text={props.message.text} />
      <ActionButton href={props.openInPanel.href}>{props.openInPanel.label}</ActionButton>
    </EmailLayout>
  );
}

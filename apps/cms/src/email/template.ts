import type { Locale } from "@shop/domain";
import type { ReactElement } from "react";

/**
 * One message the shop sends, in every language. A template is a React component plus what the
 * send function needs around it; see src/email/templates/ and docs/decisions for how to add one.
 */
export interface EmailTemplate<Props> {
  /** The subject line in the recipient's language. */
  subject(props: Props, locale: Locale): string;
  /** The whole message, built on <EmailLayout>. Text only through JSX children, so React escapes it. */
  Email(props: Props & { locale: Locale }): ReactElement;
  /** Realistic props for the preview command (npm run email:preview -w apps/cms) and the tests. */
  sample: Props;
}

/** Checks a template against its props type: `export const x = defineTemplate<XProps>({ ... })`. */
export function defineTemplate<Props>(template: EmailTemplate<Props>): EmailTemplate<Props> {
  return template;
}

/** The props type of a template. */
export type PropsOf<Template> = Template extends EmailTemplate<infer Props> ? Props : never;

import type { Locale } from "@shop/domain";
import { render, toPlainText } from "@react-email/components";
import { createElement, type Attributes } from "react";
import { templates, type TemplateName, type TemplateProps } from "./templates";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A template in one language: the subject, the HTML part and the plain-text part made from it. */
export async function renderEmail<Name extends TemplateName>(
  name: Name,
  props: TemplateProps[Name],
  locale: Locale,
): Promise<RenderedEmail> {
  const template = templates[name];
  // TypeScript cannot see that a generic props type fits React's optional `key` attribute: say so.
  const elementProps = { ...props, locale } as TemplateProps[Name] & { locale: Locale } & Attributes;
  const html = await render(createElement(template.Email, elementProps));
  // The same as render(element, { plainText: true }) without rendering twice: html-to-text with
  // React Email's rules (no preview line, no images, links as "text https://...").
  const text = toPlainText(html);
  return { subject: template.subject(props, locale), html, text };
}

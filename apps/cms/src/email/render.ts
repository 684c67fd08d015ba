import type { Locale } from "@shop/domain";
import { plainTextSelectors } from "@react-email/components";
import { compile } from "html-to-text";
import { createElement, type Attributes } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { templates, type TemplateName, type TemplateProps } from "./templates";

/** A node of the parsed HTML, as html-to-text hands it to a formatter (htmlparser2's DOM). */
interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  prev?: HtmlNode | null;
  children?: HtmlNode[];
}

interface TextBuilder {
  addLiteral(text: string): void;
}

function textOf(node: HtmlNode): string {
  return node.type === "text" ? (node.data ?? "") : (node.children ?? []).map(textOf).join("");
}

/** The table cell before this one in its row, if any (text between cells is only white space). */
function cellBefore(cell: HtmlNode): HtmlNode | null {
  let node = cell.prev ?? null;
  while (node !== null && node.name !== "td") node = node.prev ?? null;
  return node;
}

/**
 * What stands between two cells of a row in the plain-text part. html-to-text writes a layout
 * table's cells one after the other with nothing between ("500 ml8,22 €"): a label that ends in a
 * colon ("Total: ") is followed by its value as it is; any other cell by a dash.
 */
export const CELL_SEPARATOR = " – ";

function formatCell(elem: HtmlNode, walk: (nodes: HtmlNode[], builder: TextBuilder) => void, builder: TextBuilder) {
  const before = cellBefore(elem);
  if (before !== null) {
    const previous = textOf(before).trim();
    if (previous !== "" && !previous.endsWith(":")) builder.addLiteral(CELL_SEPARATOR);
  }
  walk(elem.children ?? [], builder);
}

/**
 * The plain-text part: html-to-text with React Email's rules (its toPlainText: no preview line, no
 * images, links as "text https://..."), and cells of a row kept apart (formatCell). Compiled once:
 * toPlainText compiles its options on every call, which was half of a mail's text conversion.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: "td", format: "separatedCell" }],
  formatters: { separatedCell: formatCell },
});

/** What React Email's render puts before the markup. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

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
  // React's synchronous static render, not React Email's render: that one streams through web
  // streams for Suspense, which no template uses, at twice the time (docs/decisions/030, "The mails' time and memory").
  const html = DOCTYPE + renderToStaticMarkup(createElement(template.Email, elementProps));
  const text = toPlainText(html);
  return { subject: template.subject(props, locale), html, text };
}

/** The five characters that mean something in HTML text and attribute values. */
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * The HTML part of a plain-text message: every character escaped, lines kept. The mail provider
 * would otherwise copy the text into the HTML part as it is, so a visitor who typed markup into a
 * form would have it rendered in staff's mail client.
 */
export function plainTextToHtml(text: string): string {
  const body = escapeHtml(text).replace(/\r?\n/g, "<br>\n");
  return `<!DOCTYPE html><html><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#2b2620">${body}</body></html>`;
}

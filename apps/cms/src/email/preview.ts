import fs from "node:fs";
import path from "node:path";
import { LOCALES } from "@shop/domain";
import { REPO_ROOT } from "../env";
import { renderEmail } from "./render";
import { TEMPLATE_NAMES, templates } from "./templates";

/**
 * `npm run email:preview -w apps/cms`: renders every template in every language, with its sample
 * props, to var/email-preview/<template>.<locale>.html and .txt, plus an index.html linking them.
 * Open the index in a browser to review a change; the folder is rewritten on every run.
 */

export const PREVIEW_DIR = path.join(REPO_ROOT, "var", "email-preview");

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export async function writePreviews(dir: string = PREVIEW_DIR): Promise<string[]> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const links: string[] = [];
  for (const name of TEMPLATE_NAMES) {
    for (const locale of LOCALES) {
      const { subject, html, text } = await renderEmail(name, templates[name].sample, locale);
      const base = `${name}.${locale}`;
      fs.writeFileSync(path.join(dir, `${base}.html`), html);
      fs.writeFileSync(path.join(dir, `${base}.txt`), `Subject: ${subject}\n\n${text}\n`);
      written.push(`${base}.html`, `${base}.txt`);
      links.push(
        `<li><a href="${base}.html">${base}</a> (<a href="${base}.txt">text</a>): ${escapeHtml(subject)}</li>`,
      );
    }
  }
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!DOCTYPE html><meta charset="utf-8"><title>E-mail previews</title><h1>E-mail previews</h1><ul>${links.join("")}</ul>\n`,
  );
  return written;
}

if (require.main === module) {
  writePreviews().then(
    (files) =>
      console.log(`Wrote ${files.length} files and index.html to ${path.relative(process.cwd(), PREVIEW_DIR)}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

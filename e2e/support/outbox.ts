import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/** A mail the CMS wrote to its outbox (MAIL_OUTBOX_DIR), with quoted-printable soft breaks undone. */
function readMails(outboxDir: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) =>
      fs
        .readFileSync(path.join(outboxDir, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replaceAll("=3D", "="),
    );
}

/** Waits for the newest mail to `to` whose text matches `pattern`, and gives the pattern's first group. */
export async function mailedValue(outboxDir: string, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const mails = readMails(outboxDir).filter((mail) => mail.includes(`To: ${to}`));
      found = mails.map((mail) => pattern.exec(mail)?.[1]).findLast((value) => value !== undefined);
      return found;
    })
    .toBeDefined();
  return found as string;
}

/** Waits for a link of the storefront in the newest matching mail to `to`: its path and query. */
export async function mailedLink(outboxDir: string, to: string, pathAndQuery: RegExp): Promise<string> {
  const url = await mailedValue(outboxDir, to, new RegExp(`(https?://[^\\s"<>]*${pathAndQuery.source}[^\\s"<>]*)`));
  const link = new URL(url.replaceAll("&amp;", "&"));
  return link.pathname + link.search;
}

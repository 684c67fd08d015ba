import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";

/**
 * A nodemailer transport that writes every message as an .eml file instead of sending it
 * (see docs/decisions/002-cms-email-outbox.md). Nodemailer treats any object with a `send`
 * function as a transport, so Strapi's nodemailer provider can take it as `providerOptions`.
 * A plain object with own properties, because Strapi merges and clones plugin config with lodash.
 */

// The slice of nodemailer's MailMessage we use; nodemailer's types are not a dependency of the app.
interface OutboxMail {
  message: {
    createReadStream(): Readable;
    getEnvelope(): { from: string | false; to: string[] };
    messageId(): string;
    keepBcc: boolean;
  };
}

export interface OutboxInfo {
  envelope: { from: string | false; to: string[] };
  messageId: string;
  /** Absolute path of the written .eml file. */
  path: string;
}

export interface OutboxTransport {
  name: string;
  version: string;
  send(mail: OutboxMail, callback: (error: Error | null, info?: OutboxInfo) => void): void;
  /** Called by the provider's verify() (admin e-mail settings): the outbox must be writable. */
  verify(): Promise<true>;
}

/** `2026-11-22T02-13-57-123Z-1a2b3c4d.eml`: lexical order is time order. */
export function outboxFileName(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
}

async function writeMessage(dir: string, mail: OutboxMail): Promise<OutboxInfo> {
  await fs.promises.mkdir(dir, { recursive: true });
  const finalPath = path.join(dir, outboxFileName());
  // Write under a temporary name and rename, so readers never see a half-written .eml.
  const tempPath = `${finalPath}.part`;
  // Like nodemailer's own stream transport: keep Bcc so the file shows every recipient.
  mail.message.keepBcc = true;
  try {
    await pipeline(mail.message.createReadStream(), fs.createWriteStream(tempPath));
    await fs.promises.rename(tempPath, finalPath);
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  }
  return { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId(), path: finalPath };
}

export function createOutboxTransport(dir: string): OutboxTransport {
  return {
    name: "shop-outbox",
    version: "1.0.0",
    send(mail, callback) {
      writeMessage(dir, mail).then(
        (info) => callback(null, info),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    async verify() {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.access(dir, fs.constants.W_OK);
      return true;
    },
  };
}

import type { Core } from "@strapi/strapi";

/**
 * Work done after the answer (docs/decisions/011): whatever depends on whether an address has an
 * account or a subscription (looking it up, issuing a secret, sending the mail), so that neither the
 * answer nor the time it takes tells. The work starts once the current turn of the event loop is
 * over, when the answer has been handed to the socket; a failure is logged, never surfaced. Strapi's
 * destroy waits for it (src/index.ts).
 */
const pending = new Set<Promise<void>>();

/** Starts `work` after the answer and returns at once; `what` names it in the log if it fails. */
export function afterAnswer(strapi: Core.Strapi, what: string, work: () => Promise<void>): void {
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => {
      strapi.log.error(`Could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
    })
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves when all the work started so far (and any it started in turn) has finished or failed. */
export async function flushAfterAnswer(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

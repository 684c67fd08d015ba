import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountMailSteps,
  forgotPassword,
  requestSignInCode,
  resendConfirmation,
  type AccountMailMode,
  type AccountMailOptions,
  type AccountMailSteps,
} from "../src/accounts/accounts";
import { flushAfterAnswer } from "../src/http/after-answer";
import { issueLinkToken, rehearse } from "../src/accounts/one-time-tokens";
import { freshEmail, mailsTo, registerCustomer } from "./helpers/accounts";
import { flushServerWork } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// The work after answering forgot-password, a sign-in code or the confirmation again is the same
// for an address that gets a mail and for one that does not (issue 20): the same steps, rehearsed
// (nothing kept, nothing sent) for an unknown, blocked or already confirmed address. Not a timing test.
let app: TestStrapi;

const TOKEN = CONTENT_TYPES.oneTimeToken;
const USER = CONTENT_TYPES.user;
const caller = { address: "203.0.113.7" };

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
});

afterAll(async () => {
  await app?.stop();
});

/** The real steps of each mode, each call recorded as `mode step detail`. */
function recordingSteps(): { options: AccountMailOptions; calls: string[] } {
  const calls: string[] = [];
  const stepsFor = (mode: AccountMailMode): AccountMailSteps => {
    const real = accountMailSteps(app.strapi, mode);
    return {
      linkToken: (userId, purpose) => {
        calls.push(`${mode} linkToken ${purpose}`);
        return real.linkToken(userId, purpose);
      },
      signInCode: (userId) => {
        calls.push(`${mode} signInCode`);
        return real.signInCode(userId);
      },
      mail: (message) => {
        calls.push(`${mode} mail ${message.template}`);
        real.mail(message);
      },
    };
  };
  return { options: { stepsFor }, calls };
}

const withoutMode = (calls: string[]) => calls.map((call) => call.split(" ").slice(1).join(" "));

/** The work after the answers: the running CMS's (registration's mails) and these tests' own calls. */
async function flushAll(): Promise<void> {
  await flushServerWork();
  await flushAfterAnswer();
}

async function tokenCount(): Promise<number> {
  return app.strapi.db.query(TOKEN).count({});
}

describe("forgot-password", () => {
  it("takes the same steps for a known, an unknown and a blocked address; only the known one is sent", async () => {
    const known = await registerCustomer(app.api);
    const blocked = await registerCustomer(app.api);
    await app.strapi.db.query(USER).update({ where: { id: blocked.user.id }, data: { blocked: true } });
    await flushAll();
    const unknown = freshEmail();

    const runs: Record<string, string[]> = {};
    for (const [label, email] of [
      ["known", known.email],
      ["unknown", unknown],
      ["blocked", blocked.email],
    ] as const) {
      const { options, calls } = recordingSteps();
      await forgotPassword(app.strapi, { email, locale: "es" }, caller, options);
      // Nothing is done before the answer: the lookup and the steps come after it.
      expect(calls).toEqual([]);
      await flushAll();
      runs[label] = calls;
    }

    expect(runs.known).toEqual(["send linkToken reset-password", "send mail accountResetPassword"]);
    expect(runs.unknown).toEqual(["rehearse linkToken reset-password", "rehearse mail accountResetPassword"]);
    expect(runs.blocked).toEqual(runs.unknown);
    expect(withoutMode(runs.unknown!)).toEqual(withoutMode(runs.known!));

    expect(mailsTo(app.outboxDir, known.email).filter((mail) => /Restablece/.test(mail))).not.toHaveLength(0);
    expect(mailsTo(app.outboxDir, unknown)).toEqual([]);
    expect(mailsTo(app.outboxDir, blocked.email).filter((mail) => /Restablece/.test(mail))).toEqual([]);
  });

  it("rehearsed for an unknown address, keeps no secret and sends no mail", async () => {
    const before = await tokenCount();
    const outboxBefore = mailsTo(app.outboxDir, "").length;
    const unknown = freshEmail();
    await forgotPassword(app.strapi, { email: unknown, locale: "pt" }, caller);
    await flushAll();
    expect(await tokenCount()).toBe(before);
    expect(mailsTo(app.outboxDir, "").length).toBe(outboxBefore);
  });
});

describe("the other e-mail requests", () => {
  it("a sign-in code: the same steps for an unknown address as for a known one", async () => {
    const known = await registerCustomer(app.api);
    await flushAll();
    const runs: string[][] = [];
    for (const email of [known.email, freshEmail()]) {
      const { options, calls } = recordingSteps();
      await requestSignInCode(app.strapi, { email, locale: "ca" }, caller, options);
      await flushAll();
      runs.push(calls);
    }
    expect(runs).toEqual([
      ["send signInCode", "send mail accountSignInCode"],
      ["rehearse signInCode", "rehearse mail accountSignInCode"],
    ]);
  });

  it("the confirmation again: an address already confirmed is rehearsed like an unknown one", async () => {
    const unconfirmed = await registerCustomer(app.api);
    const confirmed = await registerCustomer(app.api);
    await app.strapi.db.query(USER).update({ where: { id: confirmed.user.id }, data: { confirmed: true } });
    await flushAll();
    const runs: string[][] = [];
    for (const email of [unconfirmed.email, confirmed.email, freshEmail()]) {
      const { options, calls } = recordingSteps();
      await resendConfirmation(app.strapi, { email, locale: "es" }, caller, options);
      await flushAll();
      runs.push(calls);
    }
    expect(runs).toEqual([
      ["send linkToken confirm-email", "send mail accountConfirmEmail"],
      ["rehearse linkToken confirm-email", "rehearse mail accountConfirmEmail"],
      ["rehearse linkToken confirm-email", "rehearse mail accountConfirmEmail"],
    ]);
  });
});

describe("a rehearsal", () => {
  it("runs the same statements and rolls them back: a secret of the same shape, no row kept", async () => {
    const { user } = await registerCustomer(app.api);
    await flushAll();
    const real = await issueLinkToken(app.strapi, user.id, "reset-password");
    const before = await tokenCount();
    const rehearsed = await rehearse(app.strapi, () => issueLinkToken(app.strapi, user.id, "reset-password"));
    expect(rehearsed).toMatch(/^[0-9a-f]{64}$/);
    expect(real).toMatch(/^[0-9a-f]{64}$/);
    // The withdrawal of the earlier secret was rolled back too: the real one still stands.
    expect(await tokenCount()).toBe(before);
    expect(
      await app.strapi.db.query(TOKEN).count({ where: { userId: user.id, purpose: "reset-password", usedAt: null } }),
    ).toBe(1);
  });

  it("lets a real error through", async () => {
    await expect(
      rehearse(app.strapi, async () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
  });
});

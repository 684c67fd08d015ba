import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifyDecline,
  DECLINE_CODES,
  isDeclineCode,
  LAST_RETRY_BEFORE_DEADLINE_MS,
  MAX_SOFT_RETRIES,
  nextDunningStep,
  type ChargeAttempt,
  type DeclineCode,
} from "./dunning";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const declined = (iso: string, decline: DeclineCode): ChargeAttempt => ({
  at: at(iso),
  outcome: { paid: false, decline },
});
// Charged at the cut-off, Friday 23:59 in Madrid; packed from Monday 06:00.
const cutoff = "2026-11-27T22:59:00Z";
const packingDeadline = at("2026-11-30T05:00:00Z");
const context = (now: string, payLinkSentAt: Date | null = null) => ({ packingDeadline, now: at(now), payLinkSentAt });

describe("classifyDecline", () => {
  it("sorts the neutral codes into soft, hard and authentication required", () => {
    expect(classifyDecline("insufficient_funds")).toBe("soft");
    expect(classifyDecline("issuer_unavailable")).toBe("soft");
    expect(classifyDecline("card_expired")).toBe("hard");
    expect(classifyDecline("fraud_suspected")).toBe("hard");
    expect(classifyDecline("authentication_required")).toBe("authenticationRequired");
    expect(classifyDecline("unknown")).toBe("hard");
    expect(DECLINE_CODES.every(isDeclineCode)).toBe(true);
    expect(isDeclineCode("constructor")).toBe(false);
    expect(isDeclineCode(42)).toBe(false);
  });
});

describe("nextDunningStep", () => {
  it("charges first, and stops once paid", () => {
    expect(nextDunningStep([], context(cutoff))).toEqual({ action: "charge" });
    const paid: ChargeAttempt = { at: at(cutoff), outcome: { paid: true } };
    expect(nextDunningStep([paid], context("2026-12-01T00:00:00Z"))).toEqual({ action: "paid" });
  });

  it("retries a soft decline 4 h and 12 h after the first charge, then at the last chance, then asks the customer", () => {
    const first = declined(cutoff, "insufficient_funds");
    expect(nextDunningStep([first], context(cutoff))).toEqual({
      action: "retry",
      retryAt: at("2026-11-28T02:59:00Z"),
      retryNumber: 1,
    });
    const second = declined("2026-11-28T02:59:00Z", "insufficient_funds");
    expect(nextDunningStep([first, second], context("2026-11-28T02:59:01Z"))).toMatchObject({
      retryAt: at("2026-11-28T10:59:00Z"),
      retryNumber: 2,
    });
    const third = declined("2026-11-28T10:59:00Z", "try_again_later");
    expect(nextDunningStep([third, first, second], context("2026-11-28T11:00:00Z"))).toMatchObject({
      retryAt: new Date(packingDeadline.getTime() - LAST_RETRY_BEFORE_DEADLINE_MS),
      retryNumber: 3,
    });
    const fourth = declined("2026-11-29T23:00:00Z", "insufficient_funds");
    const all = [first, second, third, fourth];
    expect(nextDunningStep(all, context("2026-11-29T23:00:01Z"))).toEqual({ action: "sendPayLink" });
    const sent = at("2026-11-29T23:00:02Z");
    expect(nextDunningStep(all, context("2026-11-29T23:00:03Z", sent))).toEqual({
      action: "awaitPayment",
      giveUpAt: packingDeadline,
    });
    expect(nextDunningStep(all, context("2026-11-30T05:00:00Z", sent))).toEqual({ action: "giveUp" });
  });

  it("sends the pay link at once for a hard decline or a request for authentication", () => {
    for (const decline of ["card_expired", "authentication_required"] as const) {
      expect(nextDunningStep([declined(cutoff, decline)], context(cutoff))).toEqual({ action: "sendPayLink" });
    }
    const softThenHard = [
      declined(cutoff, "insufficient_funds"),
      declined("2026-11-28T02:59:00Z", "card_lost_or_stolen"),
    ];
    expect(nextDunningStep(softThenHard, context("2026-11-28T03:00:00Z"))).toEqual({ action: "sendPayLink" });
  });

  it("retries at once when the job runs late, and asks the customer when the last chance has passed", () => {
    const first = declined(cutoff, "processing_error");
    expect(nextDunningStep([first], context("2026-11-28T08:00:00Z"))).toMatchObject({
      retryAt: at("2026-11-28T08:00:00Z"),
    });
    expect(nextDunningStep([first], context("2026-11-29T23:30:00Z"))).toEqual({ action: "sendPayLink" });
  });

  it("gives up at the deadline, whatever happened before", () => {
    expect(nextDunningStep([], context("2026-11-30T05:00:00Z"))).toEqual({ action: "giveUp" });
  });

  it("never retries after the last chance, before now, more than three times, or at once", () => {
    const deadlineHours = fc.integer({ min: 1, max: 96 });
    const attemptsArb = fc.array(
      fc.record({ hour: fc.double({ min: 0, max: 100, noNaN: true }), decline: fc.constantFrom(...DECLINE_CODES) }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(deadlineHours, attemptsArb, fc.double({ min: 0, max: 120, noNaN: true }), (hours, raw, nowHour) => {
        const start = at(cutoff).getTime();
        const deadline = new Date(start + hours * HOUR);
        const attempts = raw.map(({ hour, decline }) => declined(new Date(start + hour * HOUR).toISOString(), decline));
        const now = new Date(start + Math.max(nowHour, ...raw.map((r) => r.hour)) * HOUR);
        const step = nextDunningStep(attempts, { packingDeadline: deadline, now, payLinkSentAt: null });
        if (now.getTime() >= deadline.getTime()) expect(step).toEqual({ action: "giveUp" });
        if (step.action !== "retry") return;
        expect(step.retryAt.getTime()).toBeLessThanOrEqual(deadline.getTime() - LAST_RETRY_BEFORE_DEADLINE_MS);
        expect(step.retryAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(step.retryNumber).toBeLessThanOrEqual(MAX_SOFT_RETRIES);
        const latest = Math.max(...attempts.map((attempt) => attempt.at.getTime()));
        expect(step.retryAt.getTime()).toBeGreaterThan(latest);
        for (const { outcome } of attempts) expect(!outcome.paid && classifyDecline(outcome.decline)).toBe("soft");
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifyDecline,
  DECLINE_CODES,
  isDeclineCode,
  LAST_RETRY_BEFORE_DEADLINE_MS,
  MAX_SOFT_RETRIES,
  nextDunningStep,
  packingDeadlineOf,
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
        const firstAt = Math.min(...attempts.map((attempt) => attempt.at.getTime()));
        const margin = Math.min(LAST_RETRY_BEFORE_DEADLINE_MS, (deadline.getTime() - firstAt) / 4);
        expect(margin).toBeGreaterThan(0);
        expect(step.retryAt.getTime()).toBeLessThanOrEqual(deadline.getTime() - margin);
        expect(step.retryAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(step.retryNumber).toBeLessThanOrEqual(MAX_SOFT_RETRIES);
        const latest = Math.max(...attempts.map((attempt) => attempt.at.getTime()));
        expect(step.retryAt.getTime()).toBeGreaterThan(latest);
        for (const { outcome } of attempts) expect(!outcome.paid && classifyDecline(outcome.decline)).toBe("soft");
      }),
    );
  });
});

describe("packingDeadlineOf", () => {
  const zone = { id: 1, cutoff: { workingDaysBefore: 2, time: "23:59" } };

  it("is 08:00 in Madrid on the working day before the delivery, across the clock changes", () => {
    expect(packingDeadlineOf(zone, "2026-12-01", [])).toEqual(at("2026-11-30T07:00:00Z"));
    expect(packingDeadlineOf(zone, "2026-03-31", [])).toEqual(at("2026-03-30T06:00:00Z"));
    expect(packingDeadlineOf(zone, "2026-10-27", [])).toEqual(at("2026-10-26T07:00:00Z"));
  });

  it("passes over closed days", () => {
    // Thursday 10 December: Wednesday 9 is closed for this zone, so packing starts on Monday 7 (8th closed for all).
    const closedDays = [
      { date: "2026-12-08", zoneId: null },
      { date: "2026-12-09", zoneId: 1 },
    ];
    expect(packingDeadlineOf(zone, "2026-12-10", closedDays)).toEqual(at("2026-12-07T07:00:00Z"));
  });

  it("leaves at least four hours after a late cut-off", () => {
    const late = { id: 1, cutoff: { workingDaysBefore: 1, time: "20:00" } };
    // Monday 20:00 in Madrid (19:00 UTC), plus four hours.
    expect(packingDeadlineOf(late, "2026-12-01", [])).toEqual(at("2026-11-30T23:00:00Z"));
  });

  it("leaves the customer hours with the link, and retries, when the window is short", () => {
    // Thursday's delivery: charged on Tuesday at 23:59, packed from Wednesday at 08:00.
    const deadline = packingDeadlineOf(zone, "2026-12-03", []);
    expect(deadline).toEqual(at("2026-12-02T07:00:00Z"));
    const first = declined("2026-12-01T22:59:00Z", "insufficient_funds");
    const context = { packingDeadline: deadline, now: at("2026-12-01T22:59:01Z"), payLinkSentAt: null };
    expect(nextDunningStep([first], context)).toMatchObject({ retryAt: at("2026-12-02T02:59:00Z") });
    const second = declined("2026-12-02T02:59:00Z", "insufficient_funds");
    // The last chance is a quarter of the window (8 h 1 min) before the deadline.
    expect(nextDunningStep([first, second], { ...context, now: at("2026-12-02T03:00:00Z") })).toMatchObject({
      retryAt: at("2026-12-02T04:59:45Z"),
    });
    const third = declined("2026-12-02T05:00:00Z", "insufficient_funds");
    expect(nextDunningStep([first, second, third], { ...context, now: at("2026-12-02T05:00:01Z") })).toEqual({
      action: "sendPayLink",
    });
  });
});

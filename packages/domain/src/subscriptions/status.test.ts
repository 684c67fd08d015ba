import { describe, expect, it } from "vitest";
import {
  mayMakeEvent,
  SUBSCRIPTION_ACTORS,
  SUBSCRIPTION_STATUSES,
  transitionSubscription,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from "./status";

const next = (from: SubscriptionStatus, event: SubscriptionEvent, actor: "customer" | "staff" | "job") => {
  const result = transitionSubscription(from, event, actor);
  return result.ok ? result.to : result.reason;
};

describe("transitionSubscription", () => {
  it("activates on the first payment, and cancels when it never comes", () => {
    expect(next("pending", { type: "firstOrderPaid" }, "job")).toBe("active");
    expect(next("pending", { type: "firstOrderPaid" }, "staff")).toBe("active");
    expect(next("pending", { type: "firstOrderExpired" }, "job")).toBe("cancelled");
    // A restart's first order unpaid: back to what the restart left, a suspended one suspended again.
    expect(next("pending", { type: "firstOrderExpired", restartedFrom: "suspended" }, "job")).toBe("suspended");
    expect(next("pending", { type: "firstOrderExpired", restartedFrom: "cancelled" }, "job")).toBe("cancelled");
    expect(next("active", { type: "firstOrderPaid" }, "job")).toBe("notInThisStatus");
  });

  it("lets nobody but the payment side declare a payment", () => {
    expect(next("pending", { type: "firstOrderPaid" }, "customer")).toBe("actorNotAllowed");
    expect(next("past_due", { type: "renewalPaid" }, "customer")).toBe("actorNotAllowed");
  });

  it("pauses and resumes, by the customer, staff or the calendar", () => {
    const pause = { type: "pause", until: "2026-12-31" } as const;
    expect(transitionSubscription("active", pause, "customer")).toEqual({
      ok: true,
      from: "active",
      to: "paused",
      changed: true,
      pausedUntil: "2026-12-31",
    });
    expect(transitionSubscription("paused", pause, "staff")).toMatchObject({ ok: true, changed: false });
    expect(next("paused", { type: "resume" }, "customer")).toBe("active");
    expect(next("paused", { type: "pauseEnded" }, "job")).toBe("active");
    expect(next("active", { type: "resume" }, "customer")).toBe("notPaused");
    expect(next("active", pause, "job")).toBe("actorNotAllowed");
    expect(next("pending", pause, "customer")).toBe("notInThisStatus");
  });

  it("goes past due on an unpaid renewal, and suspended on the second in a row", () => {
    expect(next("active", { type: "renewalUnpaidAtDeadline", unpaidInARow: 1 }, "job")).toBe("past_due");
    expect(next("paused", { type: "renewalUnpaidAtDeadline", unpaidInARow: 1 }, "job")).toBe("past_due");
    expect(next("past_due", { type: "renewalUnpaidAtDeadline", unpaidInARow: 2 }, "job")).toBe("suspended");
    expect(next("past_due", { type: "renewalPaid" }, "job")).toBe("active");
    expect(transitionSubscription("active", { type: "renewalPaid" }, "job")).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(next("suspended", { type: "renewalUnpaidAtDeadline", unpaidInARow: 3 }, "job")).toBe("notInThisStatus");
  });

  it("does not let a customer pause or resume their way out of an unpaid delivery", () => {
    for (const status of ["past_due", "suspended"] as const) {
      expect(next(status, { type: "pause", until: "2026-12-31" }, "customer")).toBe("paymentRequired");
      expect(next(status, { type: "resume" }, "customer")).toBe("paymentRequired");
      expect(next(status, { type: "resume" }, "staff")).toBe("paymentRequired");
    }
    expect(next("suspended", { type: "renewalPaid" }, "staff")).toBe("notInThisStatus");
  });

  it("cancels from any status but cancelled, and restarts a cancelled or suspended one as pending", () => {
    for (const status of SUBSCRIPTION_STATUSES.filter((s) => s !== "cancelled")) {
      expect(next(status, { type: "cancel" }, "customer")).toBe("cancelled");
    }
    expect(next("cancelled", { type: "cancel" }, "staff")).toBe("alreadyCancelled");
    expect(next("cancelled", { type: "pause", until: "2026-12-31" }, "customer")).toBe("alreadyCancelled");
    expect(next("active", { type: "cancel" }, "job")).toBe("actorNotAllowed");
    expect(next("cancelled", { type: "restart" }, "customer")).toBe("pending");
    expect(next("suspended", { type: "restart" }, "customer")).toBe("pending");
    expect(next("suspended", { type: "restart" }, "staff")).toBe("pending");
    expect(next("active", { type: "restart" }, "customer")).toBe("notInThisStatus");
  });

  it("answers every status, event and actor with a status or a reason", () => {
    const events: SubscriptionEvent[] = [
      { type: "firstOrderPaid" },
      { type: "firstOrderExpired" },
      { type: "pause", until: "2026-12-31" },
      { type: "resume" },
      { type: "pauseEnded" },
      { type: "renewalUnpaidAtDeadline", unpaidInARow: 1 },
      { type: "renewalPaid" },
      { type: "cancel" },
      { type: "restart" },
    ];
    for (const status of SUBSCRIPTION_STATUSES) {
      for (const event of events) {
        for (const actor of SUBSCRIPTION_ACTORS) {
          const result = transitionSubscription(status, event, actor);
          expect(result.from).toBe(status);
          if (!mayMakeEvent(actor, event.type)) expect(result).toMatchObject({ ok: false, reason: "actorNotAllowed" });
          // Only a restart leaves cancelled; only a payment or a restart leaves suspended.
          if (result.ok && status === "cancelled") expect(event.type).toBe("restart");
          if (result.ok && status === "suspended" && result.to !== "cancelled") expect(event.type).toBe("restart");
        }
      }
    }
  });
});

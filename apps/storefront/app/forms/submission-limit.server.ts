import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "~/env.server";

/** How many messages one visitor may send through one form per hour: a brake on spam, not a quota. */
export interface SubmissionLimiter {
  /** Counts a submission; false when this key has used up its hour. */
  take(key: string): Promise<boolean>;
  /** Returns a submission that did not reach staff (the CMS failed): it must not count. */
  giveBack(key: string): Promise<void>;
}

export function createSubmissionLimiter(perHour: number): SubmissionLimiter {
  const limiter = new RateLimiterMemory({ points: perHour, duration: 60 * 60 });
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
  };
}

/**
 * Per process: behind a load balancer with N processes a visitor may send up to N times the limit,
 * which still stops a flood. A shared store (Redis) would make it exact.
 */
export const formSubmissions = createSubmissionLimiter(env.FORM_SUBMISSIONS_PER_HOUR);

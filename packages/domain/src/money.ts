import type { LocaleTag } from "./locale";
import { formatEuros } from "./number-format";

/** Money is always an integer number of euro cents; floats appear only at display time. */
export type Cents = number;

export class InvalidMoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidMoneyError";
  }
}

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new InvalidMoneyError(`Not a whole number of cents: ${value}`);
  return value;
}

/**
 * Parses a decimal euro amount ("12.5", "12,50", 12.5) into cents without float drift.
 * More than two decimals are rounded half away from zero on the third decimal
 * ("1.005" -> 101, "-1.005" -> -101), because the spec rounds prices to 2 decimals
 * and truncating would silently undercharge.
 */
export function eurosToCents(amount: string | number): Cents {
  const text = String(amount).trim().replace(",", ".");
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new InvalidMoneyError(`Not an amount of euros: ${String(amount)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + roundUp;
  // `|| 0` keeps "-0.00" from becoming -0, which compares unequal under Object.is.
  return assertCents(sign ? -cents || 0 : cents);
}

/** The plain decimal form ("12.50", "-0.05") that payment gateways and APIs expect. */
export function centsToEuros(cents: Cents): string {
  const value = assertCents(cents);
  const abs = Math.abs(value);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return value < 0 ? `-${text}` : text;
}

/** Formats cents for people, in the page's language (es-ES, ca-ES, pt-PT): "12,50 €". */
export function formatCents(cents: Cents, tag: LocaleTag): string {
  return formatEuros(assertCents(cents) / 100, tag);
}

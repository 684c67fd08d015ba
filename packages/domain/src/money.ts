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

/** Parses a decimal euro amount ("12.5", "12,50", 12.5) into cents without float drift. */
export function eurosToCents(amount: string | number): Cents {
  const text = String(amount).trim().replace(",", ".");
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new InvalidMoneyError(`Not an amount of euros: ${String(amount)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return assertCents(sign ? -cents : cents);
}

/** Formats cents for people, in the page's language (es-ES, ca-ES, pt-PT). */
export function formatCents(cents: Cents, localeTag: string, currency = "EUR"): string {
  return new Intl.NumberFormat(localeTag, { style: "currency", currency }).format(assertCents(cents) / 100);
}

/**
 * The password rule of the shop, one copy for the CMS (which refuses) and the storefront (which shows
 * the strength as the customer types). Length is checked at once; how guessable a password is comes
 * from zxcvbn-ts and the password lists and dictionaries its language packages ship (the common
 * passwords of the world and Spanish words and names), loaded on first use: the storefront fetches
 * them only on a page with a new-password field, the CMS once per process.
 */

/** Shorter passwords are refused. */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt (which users-permissions hashes with) reads no further than 72 bytes. */
export const PASSWORD_MAX_BYTES = 72;

/** Section 5 of the specification: the strength shown beside a new password. */
export const PASSWORD_STRENGTHS = ["weak", "medium", "strong"] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/** Why a password is refused; the storefront words each code in the page's language. */
export type PasswordProblem = "tooShort" | "tooLong" | "common";

export interface PasswordVerdict {
  /** null when the password may be used. */
  problem: PasswordProblem | null;
  strength: PasswordStrength;
}

/** The length rule alone (cheap and synchronous: forms check it on every key stroke). */
export function passwordLengthProblem(password: string): "tooShort" | "tooLong" | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return "tooLong";
  return null;
}

/**
 * zxcvbn's score (0-4, from the guesses an attacker with the lists needs) as the three words of the
 * specification. 0 and 1 (fewer than a million guesses: every password of the common lists, with
 * its capitals, digits and l33t variants, keyboard walks, repeats, dates) are weak and refused.
 */
export function strengthOfScore(score: number): PasswordStrength {
  if (score <= 1) return "weak";
  if (score === 2) return "medium";
  return "strong";
}

interface Estimator {
  check(password: string, userInputs?: (string | number)[]): { score: number };
}

let estimator: Promise<Estimator> | undefined;

function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, spanish] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-es-es"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...spanish.dictionary },
      graphs: common.adjacencyGraphs,
      // Longer input only costs time: the length rule has already refused it.
      maxLength: 128,
    });
  })();
  return estimator;
}

/**
 * What an attacker who knows the customer would try: each input, its words ("maria", "garcia" of
 * maria.garcia@...), and each two neighbouring words joined ("mariagarcia"): zxcvbn would otherwise
 * count a password made of two of them as two separate guesses.
 */
function guessableParts(input: string): string[] {
  const words = input
    .toLowerCase()
    .split(/[@.\s_+-]+/)
    .filter((word) => word !== "");
  const pairs = words.slice(1).map((word, index) => `${words[index]}${word}`);
  return [input.toLowerCase(), ...words, ...pairs].filter((part) => part.length >= 3);
}

/**
 * The verdict on a new password. `userInputs` are what the customer's own data would make easy to
 * guess (e-mail, names): a password made of them is weak too.
 */
export async function checkPassword(password: string, userInputs: readonly string[] = []): Promise<PasswordVerdict> {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem === "tooLong") return { problem: lengthProblem, strength: "weak" };
  const inputs = userInputs.flatMap(guessableParts);
  const { score } = (await loadEstimator()).check(password, inputs);
  const strength = strengthOfScore(score);
  if (lengthProblem) return { problem: lengthProblem, strength: "weak" };
  return { problem: strength === "weak" ? "common" : null, strength };
}

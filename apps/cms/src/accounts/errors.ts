/**
 * Why an account call is refused, thrown by the account services (and by the newsletter for a spent
 * link). A controller turns it into a 400 in Strapi's shape (src/http/action.ts).
 */

/** Why an account call is refused; the controller answers 400 in Strapi's shape with this code. */
export type AccountErrorCode =
  | "invalidCredentials"
  | "blocked"
  | "emailTaken"
  | "weakPassword"
  | "samePassword"
  | "invalidToken"
  | "invalidCode"
  | "tooManyAddresses"
  | "providerUnavailable"
  | "emailNotVerified"
  | "accountExists";

/** An account call the caller cannot make as asked (a wrong password, a spent link, a taken address). */
export class AccountError extends Error {
  override readonly name = "AccountError";
  readonly code: AccountErrorCode;
  /** The field of the form the refusal is about, if one is. */
  readonly field: string | undefined;

  constructor(code: AccountErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

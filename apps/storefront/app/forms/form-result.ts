import type { FieldErrors } from "@shop/contracts";

/** What a public form's action answers (forms/submit.server) and the form shows: kept out of the .server module so the component names it without importing server code. */
export type FormResult =
  | { readonly status: "sent" }
  | { readonly status: "invalid"; readonly errors: FieldErrors; readonly values: Record<string, string> }
  | { readonly status: "failed"; readonly values: Record<string, string> }
  | { readonly status: "limited"; readonly values: Record<string, string> };

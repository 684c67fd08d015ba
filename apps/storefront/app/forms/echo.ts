import { FIELD_MAX } from "@shop/contracts";

/**
 * What a form page may send back of what was typed: only the form's own fields, each cut at its
 * limit, so a huge post cannot make a huge page.
 */
export function echoedValues(
  values: Readonly<Record<string, string>>,
  fields: readonly string[],
  limits: Readonly<Record<string, number>> = FIELD_MAX,
) {
  const echoed: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field];
    if (value === undefined) continue;
    const max = Object.hasOwn(limits, field) ? (limits[field] ?? 0) : 0;
    echoed[field] = value.slice(0, max);
  }
  return echoed;
}

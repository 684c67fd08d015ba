/** A URL segment from a name: lower case, no accents, words joined by hyphens ("Aceites y Vinagres" -> "aceites-y-vinagres"). */
export function slugify(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

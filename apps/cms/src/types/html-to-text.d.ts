// html-to-text 9 ships no types; the one function the CMS uses (src/email/render.ts).
declare module "html-to-text" {
  export function compile(options?: Record<string, unknown>): (html: string) => string;
}

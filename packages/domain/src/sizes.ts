import type { SizeCode } from "./product";

/** A box's size in words, looked up in the page's language. */
export type BoxSize = "small" | "medium" | "large";

export interface SizeLabel {
  /** The specification's code, as stored and sent by the content API (S, IM, XL). */
  readonly code: SizeCode;
  /** What a badge shows: the letters clothes sizes taught everyone (S, M, XL). "IM" means nothing to a customer. */
  readonly badge: "S" | "M" | "XL";
  readonly size: BoxSize;
}

const SIZE_LABELS: { readonly [Code in SizeCode]: SizeLabel & { readonly code: Code } } = {
  S: { code: "S", badge: "S", size: "small" },
  IM: { code: "IM", badge: "M", size: "medium" },
  XL: { code: "XL", badge: "XL", size: "large" },
};

/** What customers read for a box's size code; null for anything that is not one of the codes. */
export function sizeOf(boxType: string | null | undefined): SizeLabel | null {
  const code = boxType?.trim().toUpperCase();
  return code !== undefined && Object.hasOwn(SIZE_LABELS, code) ? SIZE_LABELS[code as SizeCode] : null;
}

import type { ReactElement } from "react";
import type { GiftCardDesign } from "@shop/domain/gift-cards";

/**
 * The gift card's illustrated designs, drawn here as small inline SVG (a few shapes each, no
 * download): the create screen's choices and the completed page's card. Decorative: their names
 * label them.
 */

const LEAF = "#3b7f1f";
const LEAF_LIGHT = "#b9dfa8";
const CARROT = "#f08a24";
const SAND = "#f8f1e4";
const SUN = "#f7a04b";
const DARK = "#234c13";

const ART: Record<GiftCardDesign, { background: string; shapes: ReactElement }> = {
  harvest: {
    background: LEAF_LIGHT,
    shapes: (
      <>
        <rect x="40" y="58" width="80" height="30" rx="4" fill="#9c510b" />
        <path d="M40 66h80M40 76h80" stroke="#6b5a40" strokeWidth="3" />
        <circle cx="62" cy="52" r="12" fill={CARROT} />
        <circle cx="84" cy="48" r="13" fill="#c0392b" />
        <circle cx="104" cy="54" r="10" fill={SUN} />
        <path d="M84 35c2-6 8-8 12-7-2 5-7 8-12 7z" fill={LEAF} />
      </>
    ),
  },
  orchard: {
    background: "#dcefd3",
    shapes: (
      <>
        <rect x="74" y="52" width="12" height="36" fill="#6b5a40" />
        <circle cx="80" cy="40" r="30" fill={LEAF} />
        <circle cx="66" cy="34" r="5" fill={CARROT} />
        <circle cx="90" cy="28" r="5" fill={CARROT} />
        <circle cx="94" cy="48" r="5" fill={CARROT} />
        <circle cx="72" cy="52" r="5" fill={CARROT} />
        <rect x="0" y="86" width="160" height="14" fill="#4c9a2a" />
      </>
    ),
  },
  basket: {
    background: SAND,
    shapes: (
      <>
        <path d="M52 50a28 22 0 0 1 56 0" fill="none" stroke="#9c510b" strokeWidth="5" />
        <path d="M38 50h84l-10 36H48z" fill="#c96a0e" />
        <path d="M50 60h60M54 72h52" stroke={SAND} strokeWidth="3" />
        <path d="M66 50c-4-14 4-22 10-24 2 10-2 18-10 24z" fill={LEAF} />
        <path d="M92 50c6-12 14-14 20-12-4 8-10 12-20 12z" fill={LEAF} />
      </>
    ),
  },
  sunrise: {
    background: "#ffe8d1",
    shapes: (
      <>
        <circle cx="80" cy="70" r="26" fill={SUN} />
        <path
          d="M80 30v10M52 42l7 7M108 42l-7 7M40 66h10M110 66h10"
          stroke={CARROT}
          strokeWidth="4"
          strokeLinecap="round"
        />
        <path d="M0 74c30-10 60-10 80 0s50 10 80 0v26H0z" fill={LEAF} />
        <path d="M0 86c40-8 80-8 160 0v14H0z" fill={DARK} />
      </>
    ),
  },
};

export function GiftCardArt({ design, className }: { design: GiftCardDesign; className?: string }) {
  const { background, shapes } = ART[design];
  return (
    <svg viewBox="0 0 160 100" aria-hidden="true" focusable="false" className={className}>
      <rect width="160" height="100" rx="10" fill={background} />
      {shapes}
    </svg>
  );
}

/** A bruised, lost carrot with a magnifying glass: drawn here, no image is fetched. */
export function LostCarrotIllustration({ className = "h-48 w-48" }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 200" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="182" rx="62" ry="8" fill="#efe3cc" />
      <path
        d="M84 64c-14 30-22 70-18 106 2 10 12 12 18 4 20-28 38-66 44-98 3-16-8-26-22-26-10 0-17 5-22 14z"
        fill="#f08a24"
      />
      <path
        d="M84 96c8 2 14 6 18 12M78 128c7 1 12 4 15 9M96 80c6 1 10 4 13 8"
        stroke="#c96a0e"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="108" cy="102" r="6" fill="#c96a0e" opacity=".5" />
      <path d="M104 52c-6-18-2-34 10-44 4 16 0 32-10 44z" fill="#4c9a2a" />
      <path d="M100 54c-14-10-30-10-40-2 14 8 28 8 40 2z" fill="#3b7f1f" />
      <path d="M106 54c10-12 26-16 38-10-10 10-24 14-38 10z" fill="#4c9a2a" />
      <circle cx="92" cy="88" r="4" fill="#2f271b" />
      <circle cx="110" cy="90" r="4" fill="#2f271b" />
      <path d="M92 108c5-4 12-4 17 0" stroke="#2f271b" strokeWidth="3" strokeLinecap="round" fill="none" />
      <circle cx="150" cy="120" r="20" fill="#fdfaf4" stroke="#6b5a40" strokeWidth="6" />
      <path d="M164 134l18 18" stroke="#6b5a40" strokeWidth="8" strokeLinecap="round" />
      <text
        x="150"
        y="128"
        textAnchor="middle"
        fontFamily="Georgia, serif"
        fontSize="22"
        fontWeight="700"
        fill="#6b5a40"
      >
        ?
      </text>
    </svg>
  );
}

/** A crate of produce, for products without a picture and for the home page. */
export function ProduceIllustration({ className = "h-48 w-48" }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 200" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="186" rx="100" ry="8" fill="#efe3cc" />
      <circle cx="70" cy="92" r="30" fill="#f08a24" />
      <path d="M70 62c2-10 10-14 18-12-3 8-10 12-18 12z" fill="#4c9a2a" />
      <circle cx="122" cy="84" r="34" fill="#d64541" />
      <path
        d="M122 50c-2-8 2-14 8-16M122 52c8-8 20-8 26-2-8 6-18 6-26 2z"
        stroke="#3b7f1f"
        strokeWidth="4"
        fill="#4c9a2a"
      />
      <ellipse cx="172" cy="96" rx="26" ry="30" fill="#9bc53d" />
      <path d="M172 66v-10" stroke="#6b5a40" strokeWidth="4" strokeLinecap="round" />
      <path d="M96 106c-10 14-12 30-8 40l16-38z" fill="#f7a04b" />
      <rect x="30" y="112" width="180" height="68" rx="10" fill="#c98b4f" />
      <rect x="30" y="112" width="180" height="14" rx="6" fill="#a8703b" />
      <path d="M50 140h140M50 160h140" stroke="#a8703b" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

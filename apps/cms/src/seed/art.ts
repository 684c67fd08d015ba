/**
 * Illustrations of the demo catalogue, drawn as SVG by the project (nothing is fetched, nothing is a
 * grey placeholder): produce in the shop's palette, crates filled with produce for the boxes,
 * pantry goods for the upsells, illustrated portraits and blog covers. Deterministic: the same seed
 * text always draws the same picture, so seeds and tests are repeatable.
 */

import { sizeOf } from "@shop/domain";

export type ProduceKind =
  | "orange"
  | "mandarin"
  | "lemon"
  | "apple"
  | "pear"
  | "peach"
  | "cherry"
  | "banana"
  | "kiwi"
  | "grape"
  | "strawberry"
  | "tomato"
  | "carrot"
  | "zucchini"
  | "eggplant"
  | "pepper"
  | "potato"
  | "onion"
  | "lettuce"
  | "broccoli"
  | "calsot"
  | "pumpkin";

export type PantryKind = "oil" | "vinegar" | "chickpeas" | "lentils" | "beans" | "eggs";

const PALETTE = {
  beige: "#F6EFE3",
  beigeDark: "#EADFCB",
  green: "#2F7D4A",
  greenLight: "#6BAF5B",
  leaf: "#4C9A3F",
  orange: "#F28C28",
  brown: "#8A5A33",
  wood: "#C8925A",
  woodDark: "#9F6A3B",
  ink: "#2B2B2B",
} as const;

/** A small deterministic pseudo-random generator (mulberry32) seeded from a string. */
function random(seedText: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value: number) => Math.round(value * 10) / 10;

function leaf(x: number, y: number, size: number, angle: number, color: string = PALETTE.leaf): string {
  return `<path transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})" d="M0 0 C ${n(size * 0.4)} ${n(-size * 0.45)} ${n(size)} ${n(-size * 0.35)} ${n(size * 1.25)} 0 C ${n(size)} ${n(size * 0.35)} ${n(size * 0.4)} ${n(size * 0.45)} 0 0 Z" fill="${color}"/><path transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})" d="M0 0 L ${n(size * 1.1)} 0" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="${n(size * 0.05)}"/>`;
}

function shine(x: number, y: number, rx: number, ry: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="#FFFFFF" fill-opacity="0.35" transform="rotate(-30 ${n(x)} ${n(y)})"/>`;
}

function roundFruit(r: number, fill: string, options: { dimple?: boolean; leafColor?: string; spots?: string } = {}) {
  const parts = [`<circle cx="0" cy="0" r="${n(r)}" fill="${fill}"/>`];
  if (options.spots) {
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      parts.push(
        `<circle cx="${n(Math.cos(a) * r * 0.55)}" cy="${n(Math.sin(a) * r * 0.5)}" r="${n(r * 0.05)}" fill="${options.spots}"/>`,
      );
    }
  }
  parts.push(shine(-r * 0.35, -r * 0.35, r * 0.28, r * 0.16));
  if (options.dimple)
    parts.push(
      `<path d="M${n(-r * 0.15)} ${n(-r * 0.92)} Q0 ${n(-r * 0.8)} ${n(r * 0.15)} ${n(-r * 0.92)}" stroke="#00000033" stroke-width="${n(r * 0.06)}" fill="none"/>`,
    );
  parts.push(
    `<path d="M0 ${n(-r * 0.9)} L ${n(r * 0.08)} ${n(-r * 1.2)}" stroke="${PALETTE.brown}" stroke-width="${n(r * 0.1)}" stroke-linecap="round"/>`,
  );
  parts.push(leaf(r * 0.08, -r * 1.1, r * 0.55, -25, options.leafColor));
  return parts.join("");
}

/** One piece of produce centred on (0, 0), about `size` wide. */
export function produceShape(kind: ProduceKind, size: number): string {
  const r = size / 2;
  switch (kind) {
    case "orange":
      return roundFruit(r, PALETTE.orange, { spots: "#E07A12" });
    case "mandarin":
      return `<g transform="scale(1 0.86)">${roundFruit(r * 0.85, "#F79A2E", { spots: "#E5811A" })}</g>`;
    case "lemon":
      return `<ellipse cx="0" cy="0" rx="${n(r)}" ry="${n(r * 0.72)}" fill="#F4D03F"/><circle cx="${n(r)}" cy="0" r="${n(r * 0.12)}" fill="#E8C22E"/>${shine(-r * 0.3, -r * 0.3, r * 0.3, r * 0.14)}${leaf(-r * 0.85, -r * 0.2, r * 0.5, -150)}`;
    case "apple":
      return roundFruit(r, "#D64541", { dimple: true });
    case "pear":
      return `<path d="M0 ${n(-r)} C ${n(r * 0.45)} ${n(-r)} ${n(r * 0.35)} ${n(-r * 0.2)} ${n(r * 0.75)} ${n(r * 0.35)} C ${n(r)} ${n(r * 0.8)} ${n(r * 0.5)} ${n(r * 1.05)} 0 ${n(r * 1.05)} C ${n(-r * 0.5)} ${n(r * 1.05)} ${n(-r)} ${n(r * 0.8)} ${n(-r * 0.75)} ${n(r * 0.35)} C ${n(-r * 0.35)} ${n(-r * 0.2)} ${n(-r * 0.45)} ${n(-r)} 0 ${n(-r)} Z" fill="#B5C842"/>${shine(-r * 0.35, r * 0.3, r * 0.2, r * 0.12)}<path d="M0 ${n(-r)} L ${n(r * 0.1)} ${n(-r * 1.3)}" stroke="${PALETTE.brown}" stroke-width="${n(r * 0.09)}" stroke-linecap="round"/>${leaf(r * 0.1, -r * 1.2, r * 0.45, -30)}`;
    case "peach":
      return `${roundFruit(r, "#F7A072", { leafColor: PALETTE.greenLight })}<path d="M0 ${n(-r * 0.85)} Q ${n(r * 0.35)} 0 0 ${n(r * 0.9)}" stroke="#E0784F" stroke-width="${n(r * 0.06)}" fill="none"/>`;
    case "cherry":
      return `<path d="M${n(-r * 0.45)} ${n(r * 0.2)} Q ${n(-r * 0.2)} ${n(-r * 0.7)} ${n(r * 0.1)} ${n(-r)} M${n(r * 0.45)} ${n(r * 0.3)} Q ${n(r * 0.3)} ${n(-r * 0.5)} ${n(r * 0.1)} ${n(-r)}" stroke="${PALETTE.green}" stroke-width="${n(r * 0.07)}" fill="none"/><circle cx="${n(-r * 0.45)}" cy="${n(r * 0.45)}" r="${n(r * 0.42)}" fill="#A4161A"/><circle cx="${n(r * 0.45)}" cy="${n(r * 0.55)}" r="${n(r * 0.42)}" fill="#BA181B"/>${shine(-r * 0.6, r * 0.3, r * 0.12, r * 0.07)}${leaf(r * 0.1, -r, r * 0.5, -10)}`;
    case "banana":
      return `<path d="M${n(-r)} ${n(-r * 0.3)} C ${n(-r * 0.6)} ${n(r * 0.7)} ${n(r * 0.6)} ${n(r * 0.7)} ${n(r)} ${n(-r * 0.45)} C ${n(r * 0.55)} ${n(r * 0.25)} ${n(-r * 0.5)} ${n(r * 0.25)} ${n(-r)} ${n(-r * 0.3)} Z" fill="#F9D649"/><path d="M${n(r)} ${n(-r * 0.45)} l ${n(r * 0.08)} ${n(-r * 0.15)}" stroke="${PALETTE.brown}" stroke-width="${n(r * 0.1)}" stroke-linecap="round"/><circle cx="${n(-r)}" cy="${n(-r * 0.3)}" r="${n(r * 0.05)}" fill="${PALETTE.brown}"/>`;
    case "kiwi":
      return `<ellipse cx="0" cy="0" rx="${n(r)}" ry="${n(r * 0.8)}" fill="#8D6E4A"/><ellipse cx="${n(r * 0.25)}" cy="${n(r * 0.05)}" rx="${n(r * 0.6)}" ry="${n(r * 0.5)}" fill="#8BC34A"/><ellipse cx="${n(r * 0.25)}" cy="${n(r * 0.05)}" rx="${n(r * 0.2)}" ry="${n(r * 0.16)}" fill="#F1F8E9"/>${[
        0, 1, 2, 3, 4, 5, 6, 7,
      ]
        .map((i) => {
          const a = (i / 8) * Math.PI * 2;
          return `<circle cx="${n(r * 0.25 + Math.cos(a) * r * 0.32)}" cy="${n(r * 0.05 + Math.sin(a) * r * 0.26)}" r="${n(r * 0.03)}" fill="#1B1B1B"/>`;
        })
        .join("")}`;
    case "grape": {
      const berries: string[] = [];
      const rows = [3, 3, 2, 1];
      rows.forEach((count, row) => {
        for (let i = 0; i < count; i++) {
          const x = (i - (count - 1) / 2) * r * 0.5;
          const y = -r * 0.45 + row * r * 0.42;
          berries.push(
            `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.27)}" fill="${(row + i) % 2 ? "#6A4C93" : "#7B5BA6"}"/>`,
          );
        }
      });
      return `${leaf(-r * 0.1, -r * 0.75, r * 0.6, -150)}${berries.join("")}${shine(-r * 0.3, -r * 0.5, r * 0.1, r * 0.06)}`;
    }
    case "strawberry":
      return `<path d="M0 ${n(r)} C ${n(-r * 0.9)} ${n(r * 0.2)} ${n(-r * 0.9)} ${n(-r * 0.7)} 0 ${n(-r * 0.6)} C ${n(r * 0.9)} ${n(-r * 0.7)} ${n(r * 0.9)} ${n(r * 0.2)} 0 ${n(r)} Z" fill="#E63946"/>${[
        -0.4, 0, 0.4, -0.2, 0.2, 0,
      ]
        .map(
          (x, i) =>
            `<ellipse cx="${n(x * r)}" cy="${n((-0.2 + Math.floor(i / 3) * 0.4 + (i === 5 ? 0.35 : 0)) * r)}" rx="${n(r * 0.035)}" ry="${n(r * 0.06)}" fill="#FFE66D"/>`,
        )
        .join(
          "",
        )}${leaf(0, -r * 0.6, r * 0.45, -160)}${leaf(0, -r * 0.6, r * 0.45, -20)}${leaf(0, -r * 0.6, r * 0.4, -90)}`;
    case "tomato":
      return `<ellipse cx="0" cy="0" rx="${n(r)}" ry="${n(r * 0.85)}" fill="#E53935"/>${shine(-r * 0.35, -r * 0.3, r * 0.25, r * 0.14)}${[0, 72, 144, 216, 288].map((a) => leaf(0, -r * 0.8, r * 0.35, a - 90, PALETTE.green)).join("")}`;
    case "carrot":
      return `<path d="M${n(-r * 0.35)} ${n(-r * 0.7)} L ${n(r * 0.35)} ${n(-r * 0.7)} L ${n(r * 0.05)} ${n(r)} Z" fill="${PALETTE.orange}" stroke="#E07A12" stroke-width="${n(r * 0.03)}" stroke-linejoin="round"/><path d="M${n(-r * 0.2)} ${n(-r * 0.3)} h ${n(r * 0.15)} M${n(r * 0.05)} 0 h ${n(r * 0.12)} M${n(-r * 0.08)} ${n(r * 0.35)} h ${n(r * 0.1)}" stroke="#C96A10" stroke-width="${n(r * 0.04)}"/>${leaf(0, -r * 0.7, r * 0.5, -120)}${leaf(0, -r * 0.7, r * 0.55, -90)}${leaf(0, -r * 0.7, r * 0.5, -60)}`;
    case "zucchini":
      return `<g transform="rotate(-25)"><rect x="${n(-r)}" y="${n(-r * 0.28)}" width="${n(r * 2)}" height="${n(r * 0.56)}" rx="${n(r * 0.28)}" fill="#3E7B3A"/><path d="M${n(-r * 0.8)} ${n(-r * 0.08)} H ${n(r * 0.8)}" stroke="#8BC34A" stroke-opacity="0.6" stroke-width="${n(r * 0.06)}" stroke-dasharray="${n(r * 0.2)} ${n(r * 0.12)}"/><rect x="${n(r * 0.9)}" y="${n(-r * 0.12)}" width="${n(r * 0.22)}" height="${n(r * 0.24)}" rx="${n(r * 0.05)}" fill="#6D8B3A"/></g>`;
    case "eggplant":
      return `<g transform="rotate(20)"><path d="M0 ${n(-r * 0.6)} C ${n(r * 0.5)} ${n(-r * 0.6)} ${n(r * 0.7)} ${n(r * 0.2)} ${n(r * 0.55)} ${n(r * 0.6)} C ${n(r * 0.4)} ${n(r * 1.05)} ${n(-r * 0.4)} ${n(r * 1.05)} ${n(-r * 0.55)} ${n(r * 0.6)} C ${n(-r * 0.7)} ${n(r * 0.2)} ${n(-r * 0.5)} ${n(-r * 0.6)} 0 ${n(-r * 0.6)} Z" fill="#4A235A"/>${shine(-r * 0.25, r * 0.1, r * 0.12, r * 0.3)}<path d="M${n(-r * 0.35)} ${n(-r * 0.5)} Q 0 ${n(-r * 0.8)} ${n(r * 0.35)} ${n(-r * 0.5)} L 0 ${n(-r * 0.3)} Z" fill="${PALETTE.green}"/><rect x="${n(-r * 0.06)}" y="${n(-r * 1)}" width="${n(r * 0.12)}" height="${n(r * 0.4)}" rx="${n(r * 0.05)}" fill="${PALETTE.green}"/></g>`;
    case "pepper":
      return `<path d="M${n(-r * 0.7)} ${n(-r * 0.45)} C ${n(-r * 0.9)} ${n(r * 0.5)} ${n(-r * 0.4)} ${n(r * 0.95)} 0 ${n(r * 0.75)} C ${n(r * 0.4)} ${n(r * 0.95)} ${n(r * 0.9)} ${n(r * 0.5)} ${n(r * 0.7)} ${n(-r * 0.45)} C ${n(r * 0.4)} ${n(-r * 0.7)} ${n(-r * 0.4)} ${n(-r * 0.7)} ${n(-r * 0.7)} ${n(-r * 0.45)} Z" fill="#D62828"/>${shine(-r * 0.4, -r * 0.1, r * 0.1, r * 0.3)}<path d="M0 ${n(-r * 0.6)} C 0 ${n(-r * 0.9)} ${n(r * 0.15)} ${n(-r)} ${n(r * 0.3)} ${n(-r * 1.05)}" stroke="${PALETTE.green}" stroke-width="${n(r * 0.14)}" stroke-linecap="round" fill="none"/>`;
    case "potato":
      return `<path d="M${n(-r)} 0 C ${n(-r)} ${n(-r * 0.6)} ${n(-r * 0.2)} ${n(-r * 0.75)} ${n(r * 0.3)} ${n(-r * 0.6)} C ${n(r)} ${n(-r * 0.45)} ${n(r)} ${n(r * 0.45)} ${n(r * 0.35)} ${n(r * 0.6)} C ${n(-r * 0.3)} ${n(r * 0.75)} ${n(-r)} ${n(r * 0.55)} ${n(-r)} 0 Z" fill="#C9A66B"/>${[
        [-0.4, -0.2],
        [0.2, -0.3],
        [0.5, 0.2],
        [-0.1, 0.3],
      ]
        .map(([x = 0, y = 0]) => `<circle cx="${n(x * r)}" cy="${n(y * r)}" r="${n(r * 0.05)}" fill="#8A6A3B"/>`)
        .join("")}`;
    case "onion":
      return `<path d="M0 ${n(-r)} C ${n(r * 0.2)} ${n(-r * 0.6)} ${n(r)} ${n(-r * 0.5)} ${n(r)} ${n(r * 0.2)} C ${n(r)} ${n(r * 0.8)} ${n(-r)} ${n(r * 0.8)} ${n(-r)} ${n(r * 0.2)} C ${n(-r)} ${n(-r * 0.5)} ${n(-r * 0.2)} ${n(-r * 0.6)} 0 ${n(-r)} Z" fill="#B5566D"/><path d="M0 ${n(-r * 0.7)} Q ${n(r * 0.5)} 0 0 ${n(r * 0.72)} M0 ${n(-r * 0.7)} Q ${n(-r * 0.5)} 0 0 ${n(r * 0.72)}" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="${n(r * 0.04)}" fill="none"/><path d="M0 ${n(r * 0.72)} l ${n(-r * 0.1)} ${n(r * 0.15)} M0 ${n(r * 0.72)} l ${n(r * 0.1)} ${n(r * 0.15)}" stroke="#EADFCB" stroke-width="${n(r * 0.04)}"/>`;
    case "lettuce":
      return [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const a = (i / 6) * Math.PI * 2;
          return `<circle cx="${n(Math.cos(a) * r * 0.45)}" cy="${n(Math.sin(a) * r * 0.4)}" r="${n(r * 0.5)}" fill="${i % 2 ? "#7CB342" : "#8BC34A"}"/>`;
        })
        .concat(
          `<circle cx="0" cy="0" r="${n(r * 0.45)}" fill="#C5E1A5"/><path d="M0 ${n(-r * 0.4)} V ${n(r * 0.4)} M${n(-r * 0.3)} ${n(-r * 0.1)} L 0 ${n(r * 0.1)} L ${n(r * 0.3)} ${n(-r * 0.1)}" stroke="#F1F8E9" stroke-width="${n(r * 0.05)}" fill="none"/>`,
        )
        .join("");
    case "broccoli":
      return `<path d="M${n(-r * 0.15)} ${n(r)} L ${n(-r * 0.2)} 0 L ${n(r * 0.2)} 0 L ${n(r * 0.15)} ${n(r)} Z" fill="#9CCC65"/>${[
        [-0.45, -0.2],
        [0, -0.45],
        [0.45, -0.2],
        [-0.2, 0.05],
        [0.25, 0.05],
      ]
        .map(
          ([x = 0, y = 0], i) =>
            `<circle cx="${n(x * r)}" cy="${n(y * r)}" r="${n(r * 0.38)}" fill="${i % 2 ? "#2E7D32" : "#388E3C"}"/>`,
        )
        .join("")}`;
    case "calsot":
      return `<g transform="rotate(-35)"><rect x="${n(-r * 0.12)}" y="${n(-r)}" width="${n(r * 0.24)}" height="${n(r * 1.3)}" rx="${n(r * 0.1)}" fill="#F1F8E9" stroke="#DCE8C8" stroke-width="${n(r * 0.03)}"/><path d="M0 ${n(-r * 0.9)} L ${n(-r * 0.25)} ${n(-r * 1.6)} M0 ${n(-r * 0.9)} L ${n(r * 0.2)} ${n(-r * 1.65)} M0 ${n(-r * 0.9)} L 0 ${n(-r * 1.75)}" stroke="${PALETTE.greenLight}" stroke-width="${n(r * 0.14)}" stroke-linecap="round"/><path d="M${n(-r * 0.1)} ${n(r * 0.3)} l ${n(-r * 0.08)} ${n(r * 0.15)} M0 ${n(r * 0.3)} v ${n(r * 0.18)} M${n(r * 0.1)} ${n(r * 0.3)} l ${n(r * 0.08)} ${n(r * 0.15)}" stroke="#D7C9A8" stroke-width="${n(r * 0.03)}"/></g>`;
    case "pumpkin":
      return `${[-0.5, 0.5, 0]
        .map(
          (x) =>
            `<ellipse cx="${n(x * r)}" cy="0" rx="${n(r * 0.6)}" ry="${n(r * 0.75)}" fill="${x === 0 ? "#F39C12" : "#E67E22"}"/>`,
        )
        .join(
          "",
        )}<rect x="${n(-r * 0.08)}" y="${n(-r * 0.98)}" width="${n(r * 0.16)}" height="${n(r * 0.3)}" rx="${n(r * 0.05)}" fill="${PALETTE.brown}"/>${leaf(r * 0.08, -r * 0.8, r * 0.45, -20)}`;
  }
}

export function pantryShape(kind: PantryKind, size: number): string {
  const r = size / 2;
  switch (kind) {
    case "oil":
    case "vinegar": {
      const liquid = kind === "oil" ? "#B7A220" : "#7A2E1D";
      const glass = kind === "oil" ? "#3E6B2E" : "#5B2418";
      return `<path d="M${n(-r * 0.12)} ${n(-r)} h ${n(r * 0.24)} v ${n(r * 0.35)} C ${n(r * 0.12)} ${n(-r * 0.45)} ${n(r * 0.4)} ${n(-r * 0.4)} ${n(r * 0.4)} ${n(-r * 0.15)} V ${n(r)} H ${n(-r * 0.4)} V ${n(-r * 0.15)} C ${n(-r * 0.4)} ${n(-r * 0.4)} ${n(-r * 0.12)} ${n(-r * 0.45)} ${n(-r * 0.12)} ${n(-r * 0.65)} Z" fill="${glass}"/><rect x="${n(-r * 0.36)}" y="${n(-r * 0.05)}" width="${n(r * 0.72)}" height="${n(r * 0.95)}" fill="${liquid}" fill-opacity="0.8"/><rect x="${n(-r * 0.32)}" y="${n(r * 0.15)}" width="${n(r * 0.64)}" height="${n(r * 0.45)}" rx="${n(r * 0.05)}" fill="${PALETTE.beige}"/>${kind === "oil" ? `<ellipse cx="0" cy="${n(r * 0.37)}" rx="${n(r * 0.12)}" ry="${n(r * 0.08)}" fill="${PALETTE.green}"/>${leaf(r * 0.05, r * 0.3, r * 0.18, -40)}` : `<circle cx="0" cy="${n(r * 0.37)}" r="${n(r * 0.1)}" fill="#7A2E1D"/>`}<rect x="${n(-r * 0.14)}" y="${n(-r * 1.1)}" width="${n(r * 0.28)}" height="${n(r * 0.14)}" rx="${n(r * 0.04)}" fill="${PALETTE.ink}"/>`;
    }
    case "chickpeas":
    case "lentils":
    case "beans": {
      const seed = kind === "chickpeas" ? "#E2C48F" : kind === "lentils" ? "#B5651D" : "#F3EFE6";
      const rand = random(kind);
      const dots = Array.from({ length: 26 }, () => {
        const x = (rand() - 0.5) * r * 1.1;
        const y = r * 0.05 + rand() * r * 0.8;
        return kind === "beans"
          ? `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r * 0.09)}" ry="${n(r * 0.055)}" fill="${seed}" stroke="#D8D0BF" stroke-width="1"/>`
          : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(kind === "lentils" ? r * 0.05 : r * 0.075)}" fill="${seed}"/>`;
      }).join("");
      return `<rect x="${n(-r * 0.7)}" y="${n(-r * 0.6)}" width="${n(r * 1.4)}" height="${n(r * 1.6)}" rx="${n(r * 0.18)}" fill="#E3F2FD" fill-opacity="0.6" stroke="#B0BEC5" stroke-width="${n(r * 0.04)}"/>${dots}<rect x="${n(-r * 0.75)}" y="${n(-r * 0.85)}" width="${n(r * 1.5)}" height="${n(r * 0.3)}" rx="${n(r * 0.08)}" fill="${PALETTE.green}"/><rect x="${n(-r * 0.45)}" y="${n(-r * 0.35)}" width="${n(r * 0.9)}" height="${n(r * 0.32)}" rx="${n(r * 0.05)}" fill="${PALETTE.beige}"/>`;
    }
    case "eggs":
      return `<path d="M${n(-r)} ${n(-r * 0.05)} H ${n(r)} L ${n(r * 0.85)} ${n(r * 0.55)} H ${n(-r * 0.85)} Z" fill="#C9B79C"/>${[
        -0.66, -0.22, 0.22, 0.66,
      ]
        .map(
          (x, i) =>
            `<ellipse cx="${n(x * r)}" cy="${n(-r * 0.2)}" rx="${n(r * 0.2)}" ry="${n(r * 0.27)}" fill="${i % 2 ? "#F3E3C7" : "#E9CBA0"}"/>`,
        )
        .join("")}<path d="M${n(-r)} ${n(-r * 0.05)} H ${n(r)}" stroke="#A89476" stroke-width="${n(r * 0.05)}"/>`;
  }
}

function frame(width: number, height: number, body: string, background: string = PALETTE.beige): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${background}"/>${body}</svg>`;
}

function place(x: number, y: number, angle: number, shape: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">${shape}</g>`;
}

/** A single product: a pile of three imperfect pieces (sizes and angles vary) on a warm background. */
export function produceArt(kind: ProduceKind, seedText: string, variant = 0): string {
  const rand = random(`${seedText}:${variant}`);
  const tint = variant % 2 === 0 ? PALETTE.beige : "#FBE9D5";
  const pieces = [
    { x: 140, y: 250, s: 150 },
    { x: 270, y: 245, s: 140 },
    { x: 205, y: 200, s: 185 },
  ]
    .map(({ x, y, s }) =>
      place(
        x + (rand() - 0.5) * 20,
        y + (rand() - 0.5) * 14,
        (rand() - 0.5) * 30,
        produceShape(kind, s * (0.9 + rand() * 0.2)),
      ),
    )
    .join("");
  return frame(
    400,
    400,
    `<circle cx="200" cy="190" r="150" fill="${PALETTE.beigeDark}"/><ellipse cx="205" cy="330" rx="150" ry="18" fill="#00000014"/>${pieces}`,
    tint,
  );
}

/** A pantry product (oil, legumes, eggs) with a sprig of leaves. */
export function pantryArt(kind: PantryKind, seedText: string): string {
  const rand = random(seedText);
  return frame(
    400,
    400,
    `<circle cx="200" cy="200" r="155" fill="${PALETTE.beigeDark}"/><ellipse cx="200" cy="335" rx="130" ry="16" fill="#00000014"/>${leaf(95, 300, 70, -40 + rand() * 10)}${leaf(300, 300, 60, -140 - rand() * 10)}${place(200, 210, 0, pantryShape(kind, 230))}`,
  );
}

const SIZE_PIECES = { S: 5, IM: 7, XL: 9 } as const;

/** A wooden crate filled with produce; the size, as customers read it (M for the code IM), sits on a round label. */
export function boxArt(kinds: readonly ProduceKind[], size: keyof typeof SIZE_PIECES, seedText: string): string {
  const rand = random(seedText);
  const count = SIZE_PIECES[size];
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length] ?? "apple";
    const x = 95 + (i * 210) / Math.max(1, count - 1) + (rand() - 0.5) * 10;
    const y = 200 - (i % 2) * 28 + (rand() - 0.5) * 12;
    pieces.push(place(x, y, (rand() - 0.5) * 40, produceShape(kind, 95 - count * 2 + rand() * 14)));
  }
  const slats = [250, 290, 330]
    .map(
      (y) =>
        `<rect x="60" y="${y}" width="280" height="32" rx="4" fill="${PALETTE.wood}" stroke="${PALETTE.woodDark}" stroke-width="3"/>`,
    )
    .join("");
  const label = `<circle cx="320" cy="95" r="42" fill="${PALETTE.green}"/><text x="320" y="108" text-anchor="middle" font-family="Verdana, sans-serif" font-weight="700" font-size="38" fill="#FFFFFF">${sizeOf(size)?.badge ?? size}</text>`;
  return frame(
    400,
    400,
    `<ellipse cx="200" cy="375" rx="165" ry="14" fill="#00000018"/>${pieces.join("")}<rect x="52" y="238" width="296" height="132" rx="8" fill="${PALETTE.woodDark}"/>${slats}<rect x="52" y="238" width="16" height="132" fill="${PALETTE.woodDark}"/><rect x="332" y="238" width="16" height="132" fill="${PALETTE.woodDark}"/>${label}`,
  );
}

const SKIN = ["#F1C27D", "#E0AC69", "#C68642", "#8D5524", "#FFDBAC"];
const HAIR = ["#2C1B10", "#6A4E42", "#B55239", "#E6BE8A", "#3B3024", "#9E9E9E"];
const SHIRTS = [PALETTE.green, PALETTE.orange, "#457B9D", "#8E6C8A", "#C0392B", "#5D6D7E"];
const BACKDROPS = ["#FDEBD0", "#D5F5E3", "#FADBD8", "#D6EAF8", "#FCF3CF", "#E8DAEF"];

/** An illustrated portrait (reviews, team); `hat` adds a straw hat (farmers). */
export function portraitArt(seedText: string, options: { hat?: boolean; longHair?: boolean } = {}): string {
  const rand = random(seedText);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] ?? (list[0] as T);
  const skin = pick(SKIN);
  const hair = pick(HAIR);
  const shirt = pick(SHIRTS);
  const backdrop = pick(BACKDROPS);
  const longHair = options.longHair ?? rand() > 0.5;
  const back = longHair ? `<path d="M88 150 C 80 80 220 80 212 150 L 222 235 H 78 Z" fill="${hair}"/>` : "";
  const fringe = longHair
    ? `<path d="M96 132 C 100 80 200 80 204 132 C 180 108 130 104 96 132 Z" fill="${hair}"/>`
    : `<path d="M98 128 C 96 84 204 84 202 128 C 196 112 170 102 150 104 C 128 104 108 112 98 128 Z" fill="${hair}"/>`;
  const hat = options.hat
    ? `<ellipse cx="150" cy="104" rx="98" ry="20" fill="#D4A755"/><path d="M100 104 C 104 58 196 58 200 104 Z" fill="#E2BE6A"/><rect x="102" y="92" width="96" height="10" fill="${PALETTE.green}"/>`
    : "";
  return frame(
    300,
    300,
    `<circle cx="150" cy="150" r="150" fill="${backdrop}"/>${back}<path d="M50 300 C 56 230 100 210 150 210 C 200 210 244 230 250 300 Z" fill="${shirt}"/><rect x="135" y="180" width="30" height="36" rx="10" fill="${skin}"/><ellipse cx="150" cy="140" rx="52" ry="60" fill="${skin}"/>${fringe}<circle cx="130" cy="145" r="5" fill="${PALETTE.ink}"/><circle cx="170" cy="145" r="5" fill="${PALETTE.ink}"/><path d="M132 172 Q 150 186 168 172" stroke="${PALETTE.ink}" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="120" cy="165" r="8" fill="#E57373" fill-opacity="0.3"/><circle cx="180" cy="165" r="8" fill="#E57373" fill-opacity="0.3"/>${hat}`,
  );
}

/** A landscape cover for a blog post or a press piece: fields, sun and a row of produce. */
export function coverArt(kinds: readonly ProduceKind[], seedText: string): string {
  const rand = random(seedText);
  const sunX = 120 + rand() * 560;
  const row = kinds
    .map((kind, i) =>
      place(
        110 + i * (580 / Math.max(1, kinds.length - 1 || 1)),
        370 + (rand() - 0.5) * 16,
        (rand() - 0.5) * 30,
        produceShape(kind, 90 + rand() * 20),
      ),
    )
    .join("");
  return frame(
    800,
    450,
    `<rect width="800" height="450" fill="#CDEBF5"/><circle cx="${n(sunX)}" cy="90" r="48" fill="#FFD166"/><path d="M0 260 C 160 190 320 230 460 200 C 600 170 700 210 800 190 V 450 H 0 Z" fill="${PALETTE.greenLight}"/><path d="M0 310 C 200 260 420 300 800 260 V 450 H 0 Z" fill="${PALETTE.green}"/><path d="M0 330 H 800 V 450 H 0 Z" fill="#D9B382"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${i * 130 - 20} 450 L ${i * 120 + 60} 330" stroke="#C49A66" stroke-width="6"/>`).join("")}${row}`,
    "#CDEBF5",
  );
}

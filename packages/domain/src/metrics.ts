import { finiteNumber, isRecord } from "./raw";

/** Impact figures of the home and impact pages (spelling of peopleWithBoxRecieved as in the spec). */
export interface ImpactMetrics {
  readonly totalRescuedKgs: number;
  readonly bagsAvoided: number;
  readonly co2Emitted: number;
  readonly waterLitersRecovered: number;
  readonly farmersCollaborating: number;
  readonly peopleWithBoxRecieved: number;
}

/** Our field <- the field of GET /utils/metrics, each answered as `{ value }`. */
export const METRIC_SOURCE_FIELDS = {
  totalRescuedKgs: "kgRescued",
  bagsAvoided: "numberBags",
  co2Emitted: "kgEmitted",
  waterLitersRecovered: "litersWaterWasted",
  farmersCollaborating: "collaboratedFarmers",
  peopleWithBoxRecieved: "numberPeopleReceivedBox",
} as const satisfies Record<keyof ImpactMetrics, string>;

export const EMPTY_METRICS: ImpactMetrics = {
  totalRescuedKgs: 0,
  bagsAvoided: 0,
  co2Emitted: 0,
  waterLitersRecovered: 0,
  farmersCollaborating: 0,
  peopleWithBoxRecieved: 0,
};

const METRIC_KEYS = Object.keys(METRIC_SOURCE_FIELDS) as (keyof ImpactMetrics)[];

/** A usable figure, or null. Negative counts of rescued food are a broken answer, not data. */
function readMetric(raw: unknown, key: keyof ImpactMetrics): number | null {
  if (!isRecord(raw)) return null;
  const entry = raw[METRIC_SOURCE_FIELDS[key]];
  const value = isRecord(entry) ? finiteNumber(entry.value) : null;
  return value !== null && value >= 0 ? value : null;
}

/** Fresh mapping: anything missing or unreadable shows as 0. */
export function mapMetrics(raw: unknown): ImpactMetrics {
  return mergeMetrics(EMPTY_METRICS, raw);
}

/**
 * Spec: "a metric failure leaves metrics unchanged". Applied per figure: each unreadable
 * figure keeps its previous value, readable ones are updated. Returns `previous` itself
 * when nothing changed, so callers can skip re-rendering.
 */
export function mergeMetrics(previous: ImpactMetrics, raw: unknown): ImpactMetrics {
  let changed = false;
  const next = { ...previous };
  for (const key of METRIC_KEYS) {
    const value = readMetric(raw, key);
    if (value !== null && value !== previous[key]) {
      next[key] = value;
      changed = true;
    }
  }
  return changed ? next : previous;
}

/** Spec section 4: metrics load in the background only while they are empty. */
export function metricsAreEmpty(metrics: ImpactMetrics): boolean {
  return METRIC_KEYS.every((key) => metrics[key] === 0);
}

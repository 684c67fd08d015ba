import type { ImpactMetrics } from "@shop/domain";
import { usePageLanguage } from "~/root-data";

const ORDER = [
  "totalRescuedKgs",
  "bagsAvoided",
  "co2Emitted",
  "waterLitersRecovered",
  "farmersCollaborating",
  "peopleWithBoxRecieved",
] as const satisfies readonly (keyof ImpactMetrics)[];

export function ImpactFigures({ metrics }: { metrics: ImpactMetrics }) {
  const { messages, tag } = usePageLanguage();
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
      {ORDER.map((key) => (
        <div key={key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200">
          <dt className="text-sm text-sand-700">{messages.impact[key]}</dt>
          <dd className="order-first font-display text-2xl font-semibold [overflow-wrap:anywhere] text-leaf-700 sm:text-3xl">
            {number.format(metrics[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Holds the figures' place while they stream in. */
export function ImpactFiguresPlaceholder({ className = "" }: { className?: string }) {
  return (
    <div
      className={`h-48 animate-pulse rounded-2xl bg-sand-100 motion-reduce:animate-none ${className}`}
      aria-busy="true"
    />
  );
}

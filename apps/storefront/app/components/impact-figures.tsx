import { Link } from "react-router";
import { pathTo } from "@shop/routing";
import { formatNumber, type ImpactMetrics } from "@shop/domain";
import { format } from "~/i18n";
import type { ImpactView } from "~/impact";
import { usePageLanguage } from "~/root-data";

const ORDER = [
  "totalRescuedKgs",
  "bagsAvoided",
  "co2Emitted",
  "waterLitersRecovered",
  "farmersCollaborating",
  "peopleWithBoxRecieved",
] as const satisfies readonly (keyof ImpactMetrics)[];

/** Id of the impact page's section that explains how the figures are measured. */
export const IMPACT_METHOD_ID = "how-we-measure";

/** The figures, then as of when they were counted and a link to how they are measured (when staff said so). */
export function ImpactFigures({ impact }: { impact: ImpactView }) {
  const { messages, tag, locale } = usePageLanguage();
  return (
    <div>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {ORDER.map((key) => (
          <div key={key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200">
            <dt className="text-sm text-sand-700">{messages.impact[key]}</dt>
            <dd className="order-first font-display text-2xl font-semibold [overflow-wrap:anywhere] text-leaf-700 sm:text-3xl">
              {formatNumber(impact.figures[key], tag, { maximumFractionDigits: 0 })}
            </dd>
          </div>
        ))}
      </dl>
      {impact.asOf || impact.method ? (
        <p className="mt-3 text-sm text-sand-700">
          {impact.asOf ? format(messages.impact.asOf, { date: impact.asOf }) : null}
          {impact.asOf && impact.method ? " " : null}
          {impact.method ? (
            <Link
              to={`${pathTo("impact", locale)}#${IMPACT_METHOD_ID}`}
              className="font-semibold text-leaf-700 underline hover:text-leaf-800"
            >
              {messages.impact.howMeasured}
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
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

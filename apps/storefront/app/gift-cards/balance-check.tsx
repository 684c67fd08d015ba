import { useFetcher, useLocation } from "react-router";
import { formatCents } from "@shop/domain";
import { RESOURCE_PATHS } from "@shop/routing";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { BALANCE_TEXTS } from "./balance-texts";

/** What the balance check's resource route (routes/gift-card-balance.ts) answers the form. */
export type BalanceCheckAnswer =
  { status: "found"; balance: number; tail: string } | { status: "notFound" | "limited" | "failed" };

/**
 * A gift card's balance by its code, without an account (issue 23, docs/decisions/037): a small
 * form on the gift card page (#saldo, where the recipient's mail links). Every failure (a mistyped,
 * unknown or voided code) reads the same; too many tries from one address are refused for a while.
 */
export function GiftCardBalanceCheck() {
  const { locale, tag } = usePageLanguage();
  const texts = BALANCE_TEXTS[locale];
  const fetcher = useFetcher<BalanceCheckAnswer>();
  const { pathname } = useLocation();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const message =
    answer === undefined
      ? null
      : answer.status === "found"
        ? format(texts.found, { tail: answer.tail, balance: formatCents(answer.balance, tag) })
        : texts[answer.status];
  return (
    <section
      id="saldo"
      aria-labelledby="gift-card-balance-heading"
      className="scroll-mt-24 rounded-3xl bg-white p-5 ring-1 ring-sand-200"
    >
      <h2 id="gift-card-balance-heading" className="font-display text-2xl font-semibold text-leaf-800">
        {texts.heading}
      </h2>
      <p className="mt-1 text-sand-700">{texts.intro}</p>
      <fetcher.Form
        method="post"
        action={RESOURCE_PATHS.giftCardBalance}
        className="mt-4 grid gap-3 sm:flex sm:items-end"
      >
        <input type="hidden" name="returnTo" value={pathname} />
        <div className="min-w-0 flex-1">
          <label htmlFor="gift-card-balance-code" className="font-semibold">
            {texts.code}
          </label>
          <input
            id="gift-card-balance-code"
            name="code"
            required
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 font-mono text-base uppercase"
          />
        </div>
        <button type="submit" disabled={fetcher.state !== "idle"} className={PRIMARY_BUTTON}>
          {texts.submit}
        </button>
      </fetcher.Form>
      {/* A code not found or refused reads as a problem (the shop's carrot), not in the found balance's green. */}
      <p
        role="status"
        className={`mt-3 min-h-6 font-semibold ${answer !== undefined && answer.status !== "found" ? "text-carrot-700" : "text-leaf-800"}`}
        data-testid="gift-card-balance-answer"
      >
        {message}
      </p>
    </section>
  );
}

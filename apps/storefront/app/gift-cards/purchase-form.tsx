import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { GiftCardOffer } from "@shop/contracts";
import { formatCents, LOCALES } from "@shop/domain";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { GiftCardArt } from "./designs";
import { CUSTOM_AMOUNT, FIELDS, type FieldProblem, type FieldProblems, type FormValues } from "./fields";
import type { GiftCardTexts } from "./texts";

/**
 * The create screen's form (issue 23): amount, design, recipient, message, when, the buyer's e-mail.
 * A plain form that posts to the page's action, so it works before (and without) the page's script;
 * the script only keeps the total on the button in step with the amount chosen.
 */

const INPUT = "mt-1 block w-full rounded-xl border bg-white px-3 py-2 text-base";
const SECTION = "grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6";
const LEGEND = "font-display text-xl font-semibold text-leaf-800";

interface Props {
  offer: GiftCardOffer;
  texts: GiftCardTexts;
  values: FormValues;
  errors: FieldProblems;
  action: string;
  /** Madrid's today (YYYY-MM-DD): the earliest sending day. */
  today: string;
}

function Problem({
  id,
  problem,
  texts,
  money,
}: {
  id: string;
  problem?: FieldProblem;
  texts: GiftCardTexts;
  money: { min: string; max: string };
}) {
  if (!problem) return null;
  const message = (texts.errors as Record<string, string>)[problem.code] ?? texts.errors.invalidChoice;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-carrot-700">
      {format(message, { max: problem.max ?? money.max, min: money.min })}
    </p>
  );
}

export function PurchaseForm({ offer, texts, values, errors, action, today }: Props) {
  const { tag } = usePageLanguage();
  const submitting = useNavigation().state !== "idle";
  const money = { min: formatCents(offer.limits.minimum, tag), max: formatCents(offer.limits.maximum, tag) };
  const [amount, setAmount] = useState(
    values.amount ?? (offer.amounts[0] === undefined ? CUSTOM_AMOUNT : String(offer.amounts[0])),
  );
  const [custom, setCustom] = useState(values.customAmount ?? "");
  const [when, setWhen] = useState(values.when ?? "now");
  const chosen = amount === CUSTOM_AMOUNT ? Math.round(Number(custom.replace(",", ".")) * 100) : Number(amount);
  const total = Number.isSafeInteger(chosen) && chosen > 0 ? formatCents(chosen, tag) : "";
  const field = (name: string) => ({
    id: name,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
    className: `${INPUT} ${errors[name] ? "border-carrot-600 ring-2 ring-carrot-100" : "border-sand-300"}`,
  });
  const problem = (name: string) => <Problem id={`${name}-error`} problem={errors[name]} texts={texts} money={money} />;
  return (
    <Form method="post" action={action} noValidate className="grid gap-6">
      <fieldset className={SECTION} aria-describedby={errors.amount ? "amount-error" : "amount-hint"}>
        <legend className={`${LEGEND} float-left w-full`}>{texts.steps.amount}</legend>
        <p id="amount-hint" className="text-sand-700">
          {format(texts.amountHint, money)}
        </p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {offer.amounts.map((cents) => (
            <label
              key={cents}
              className="flex min-h-12 items-center gap-2 rounded-2xl border border-sand-300 px-3 font-bold has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-50"
            >
              <input
                type="radio"
                name={FIELDS.amount}
                value={String(cents)}
                checked={amount === String(cents)}
                onChange={() => setAmount(String(cents))}
              />
              {formatCents(cents, tag)}
            </label>
          ))}
          <label className="flex min-h-12 items-center gap-2 rounded-2xl border border-sand-300 px-3 font-bold has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-50">
            <input
              type="radio"
              name={FIELDS.amount}
              value={CUSTOM_AMOUNT}
              checked={amount === CUSTOM_AMOUNT}
              onChange={() => setAmount(CUSTOM_AMOUNT)}
            />
            {texts.otherAmount}
          </label>
        </div>
        <div>
          <label htmlFor={FIELDS.customAmount} className="font-semibold">
            {texts.customAmount}
          </label>
          <input
            {...field(FIELDS.customAmount)}
            aria-invalid={errors.amount && amount === CUSTOM_AMOUNT ? true : undefined}
            inputMode="decimal"
            autoComplete="off"
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              setAmount(CUSTOM_AMOUNT);
            }}
          />
        </div>
        {problem(FIELDS.amount)}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={`${LEGEND} float-left w-full`}>{texts.steps.design}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {offer.designs.map((design) => (
            <label
              key={design}
              className="grid gap-1 rounded-2xl border-2 border-transparent p-1 font-semibold has-[:checked]:border-leaf-700"
            >
              <GiftCardArt design={design} className="w-full" />
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={FIELDS.design}
                  value={design}
                  defaultChecked={(values.design ?? offer.designs[0]) === design}
                />
                {texts.designs[design]}
              </span>
            </label>
          ))}
        </div>
        {problem(FIELDS.design)}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={`${LEGEND} float-left w-full`}>{texts.steps.recipient}</legend>
        <div>
          <label htmlFor={FIELDS.recipientName} className="font-semibold">
            {texts.recipientName}
          </label>
          <input
            {...field(FIELDS.recipientName)}
            defaultValue={values.recipientName}
            maxLength={80}
            autoComplete="off"
          />
          {problem(FIELDS.recipientName)}
        </div>
        <div>
          <label htmlFor={FIELDS.recipientEmail} className="font-semibold">
            {texts.recipientEmail}
          </label>
          <input
            {...field(FIELDS.recipientEmail)}
            type="email"
            defaultValue={values.recipientEmail}
            autoComplete="off"
          />
          {problem(FIELDS.recipientEmail)}
        </div>
        <div>
          <label htmlFor={FIELDS.recipientLocale} className="font-semibold">
            {texts.recipientLocale}
          </label>
          <select {...field(FIELDS.recipientLocale)} defaultValue={values.recipientLocale}>
            {LOCALES.map((language) => (
              <option key={language} value={language}>
                {texts.languages[language]}
              </option>
            ))}
          </select>
          {problem(FIELDS.recipientLocale)}
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={`${LEGEND} float-left w-full`}>{texts.steps.message}</legend>
        <div>
          <label htmlFor={FIELDS.message} className="font-semibold">
            {texts.message}
          </label>
          <textarea {...field(FIELDS.message)} rows={4} maxLength={500} defaultValue={values.message} />
          {problem(FIELDS.message)}
        </div>
        <div>
          <label htmlFor={FIELDS.senderName} className="font-semibold">
            {texts.senderName}
          </label>
          <input {...field(FIELDS.senderName)} defaultValue={values.senderName} maxLength={80} autoComplete="name" />
          {problem(FIELDS.senderName)}
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={`${LEGEND} float-left w-full`}>{texts.steps.when}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={FIELDS.when} value="now" checked={when === "now"} onChange={() => setWhen("now")} />
          {texts.sendNow}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={FIELDS.when}
            value="date"
            checked={when === "date"}
            onChange={() => setWhen("date")}
          />
          {texts.sendOnDate}
        </label>
        <div>
          <label htmlFor={FIELDS.sendOn} className="font-semibold">
            {texts.sendOn}
          </label>
          <input
            {...field(FIELDS.sendOn)}
            type="date"
            min={today}
            defaultValue={values.sendOn}
            onChange={() => setWhen("date")}
          />
          {problem(FIELDS.sendOn)}
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={`${LEGEND} float-left w-full`}>{texts.steps.buyer}</legend>
        <p className="text-sand-700">{texts.noAccount}</p>
        <div>
          <label htmlFor={FIELDS.buyerEmail} className="font-semibold">
            {texts.buyerEmail}
          </label>
          <input {...field(FIELDS.buyerEmail)} type="email" defaultValue={values.buyerEmail} autoComplete="email" />
          {problem(FIELDS.buyerEmail)}
        </div>
      </fieldset>

      <div className="grid gap-3">
        <p className="text-sm text-sand-700">{texts.vatNote}</p>
        <button
          type="submit"
          disabled={submitting}
          className={`${PRIMARY_BUTTON} w-full sm:w-auto sm:justify-self-start`}
        >
          {submitting ? texts.paying : format(texts.pay, { total }).trim()}
        </button>
      </div>
    </Form>
  );
}

import { ProblemNotice } from "~/accounts/account-area";
import { AccountInput } from "~/accounts/account-fields";
import { Price } from "~/components/price";
import { format } from "~/i18n/format";
import { doneOf, refusalFor, refusalKeyOf } from "./answers";
import {
  ChangeDoneNotice,
  ChangeForm,
  ChoiceGroup,
  Disclosure,
  TextArea,
  fieldErrorText,
  refusalProblem,
  type ChangeFormTexts,
} from "./change-form";
import { ContentLines } from "./subscription-list";
import type { DeliveryView } from "./subscription-view";
import type { SubscriptionsTexts } from "./texts";

type DeliveriesTexts = ChangeFormTexts & Pick<SubscriptionsTexts, "deliveries">;

interface FoodBank {
  readonly id: string;
  readonly name: string;
  readonly city: string;
}

interface DeliveryListProps {
  readonly deliveries: readonly DeliveryView[];
  readonly foodBanks: readonly FoodBank[];
  /** The countries a friend's address may be in, with their names in the page's language. */
  readonly countries: readonly { code: string; name: string }[];
  readonly texts: DeliveriesTexts;
  readonly actionData: unknown;
}

const anchorOf = (date: string) => `d-${date}`;

const GIFT_NOTE_MAX = 300;

/**
 * One field of the friend's details: typed afresh (no autofill of the customer's own details), shown
 * again with its refusal's words when the gift was refused.
 */
function GiftField({
  name,
  label,
  type = "text",
  required = false,
  values,
  error,
}: {
  name: string;
  label: string;
  type?: "text" | "tel" | "email";
  required?: boolean;
  values: Readonly<Record<string, string>>;
  error: (field: string) => string | undefined;
}) {
  return (
    <AccountInput
      name={name}
      type={type}
      inputMode={type === "text" ? undefined : type}
      label={label}
      autoComplete="off"
      required={required}
      defaultValue={values[name]}
      error={error(name)}
    />
  );
}

/** Send a delivery to a friend: their name, address, phone, e-mail and a note. */
function GiftForm({
  delivery,
  countries,
  texts,
  actionData,
}: { delivery: DeliveryView } & Omit<DeliveryListProps, "deliveries" | "foodBanks">) {
  const refusal = refusalFor(actionData, "gift", delivery.date);
  const values = refusal?.values ?? {};
  const error = (field: string) => fieldErrorText(texts, refusal?.errors[field]);
  const t = texts.deliveries;
  return (
    <Disclosure summary={t.gift} open={refusal !== undefined}>
      <p className="text-sm text-sand-700">{t.giftIntro}</p>
      <ChangeForm
        texts={texts}
        intent="gift"
        date={delivery.date}
        anchor={anchorOf(delivery.date)}
        refusal={refusal}
        submitLabel={t.giftSubmit}
        secondary
      >
        <GiftField name="fullName" label={t.giftName} values={values} error={error} required />
        <GiftField name="line1" label={t.giftLine1} values={values} error={error} required />
        <GiftField name="line2" label={t.giftLine2} values={values} error={error} />
        <GiftField name="postalCode" label={t.giftPostalCode} values={values} error={error} required />
        <GiftField name="city" label={t.giftCity} values={values} error={error} required />
        <AccountInput
          name="country"
          label={t.giftCountry}
          defaultValue={values.country ?? "ES"}
          error={error("country")}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </AccountInput>
        <GiftField name="phone" type="tel" label={t.giftPhone} values={values} error={error} required />
        <GiftField name="email" type="email" label={t.giftEmail} values={values} error={error} required />
        <TextArea
          name="note"
          label={t.giftNote}
          maxLength={GIFT_NOTE_MAX}
          defaultValue={values.note}
          error={error("note")}
        />
      </ChangeForm>
    </Disclosure>
  );
}

/** Donate a delivery to one of the food banks that take boxes now. */
function DonateForm({
  delivery,
  foodBanks,
  texts,
  actionData,
}: { delivery: DeliveryView } & Omit<DeliveryListProps, "deliveries" | "countries">) {
  const refusal = refusalFor(actionData, "donate", delivery.date);
  const t = texts.deliveries;
  return (
    <Disclosure summary={t.donate} open={refusal !== undefined}>
      <p className="text-sm text-sand-700">{t.donateIntro}</p>
      {foodBanks.length === 0 ? (
        <p>{t.noFoodBanks}</p>
      ) : (
        <ChangeForm
          texts={texts}
          intent="donate"
          date={delivery.date}
          anchor={anchorOf(delivery.date)}
          refusal={refusal}
          submitLabel={t.donateSubmit}
          secondary
        >
          <ChoiceGroup
            name="foodBankId"
            legend={t.foodBankLegend}
            choices={foodBanks.map((bank) => ({ value: bank.id, label: `${bank.name} (${bank.city})` }))}
            checked={refusal?.values.foodBankId}
            error={fieldErrorText(texts, refusal?.errors.foodBankId)}
          />
        </ChangeForm>
      )}
    </Disclosure>
  );
}

/** Why a delivery's date is not the planned one, or why it does not come at all. */
function DateChange({ delivery, texts }: { delivery: DeliveryView; texts: DeliveriesTexts["deliveries"] }) {
  if (delivery.change === "moved") return <p>{format(texts.moved, { planned: delivery.plannedDay })}</p>;
  if (delivery.change === "dropped") return <p>{format(texts.dropped, { planned: delivery.plannedDay })}</p>;
  return null;
}

function DeliveryCard({ delivery, ...props }: { delivery: DeliveryView } & Omit<DeliveryListProps, "deliveries">) {
  const { texts, actionData } = props;
  const t = texts.deliveries;
  const done = doneOf(actionData);
  const headingId = `${anchorOf(delivery.date)}-heading`;
  return (
    <article
      id={anchorOf(delivery.date)}
      aria-labelledby={headingId}
      className="grid scroll-mt-24 gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6"
    >
      <header className="grid gap-1">
        <h2 id={headingId} className="text-lg font-bold text-sand-900 first-letter:uppercase">
          {delivery.day}
        </h2>
        <p className="font-semibold text-leaf-800">{delivery.statusText}</p>
      </header>
      {done?.done === "delivery" && done.date === delivery.date ? <ChangeDoneNotice done={done} texts={texts} /> : null}
      <DateChange delivery={delivery} texts={t} />
      {delivery.locked ? (
        <p className="rounded-2xl bg-sand-100 px-4 py-3">
          {delivery.orderedEarly ? t.orderedEarly : format(t.locked, { cutoff: delivery.cutoffText })}
        </p>
      ) : delivery.change === "dropped" ? null : (
        <p>{format(t.cutoff, { cutoff: delivery.cutoffText, left: delivery.left })}</p>
      )}
      {delivery.orderNumber ? <p>{format(t.ordered, { number: delivery.orderNumber })}</p> : null}
      {delivery.giftTo ? <p>{format(t.giftTo, { name: delivery.giftTo })}</p> : null}
      {delivery.foodBank ? <p>{format(t.foodBank, { name: delivery.foodBank })}</p> : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <ContentLines lines={delivery.contentLines} />
        <p className="font-bold sm:text-right">
          <span className="sr-only">{t.price}: </span>
          {delivery.price === null ? t.priceUnknown : <Price cents={delivery.price} />}
        </p>
      </div>
      {delivery.canSkip || delivery.canRestore ? (
        <div className="grid gap-3">
          <ChangeForm
            texts={texts}
            intent={delivery.canSkip ? "skip" : "restore"}
            date={delivery.date}
            anchor={anchorOf(delivery.date)}
            refusal={refusalFor(actionData, delivery.canSkip ? "skip" : "restore", delivery.date)}
            submitLabel={delivery.canSkip ? t.skip : t.restore}
            secondary
          />
          {delivery.canSkip ? (
            <>
              <GiftForm delivery={delivery} {...props} />
              <DonateForm delivery={delivery} {...props} />
            </>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** The coming deliveries, soonest first, each with what can still be done with it. */
export function DeliveryList(props: DeliveryListProps) {
  const { deliveries, texts, actionData } = props;
  if (deliveries.length === 0) return <p>{texts.deliveries.none}</p>;
  // A refusal about a delivery no longer listed (its date moved meanwhile) is said above the list.
  const refusal = refusalFor(actionData, ...refusalKeyOf(actionData));
  const orphan = refusal && !deliveries.some((delivery) => delivery.date === refusal.date) ? refusal : null;
  return (
    <>
      {orphan ? <ProblemNotice>{refusalProblem(texts, orphan)}</ProblemNotice> : null}
      <ol className="grid gap-4">
        {deliveries.map((delivery) => (
          <li key={delivery.date}>
            <DeliveryCard delivery={delivery} {...props} />
          </li>
        ))}
      </ol>
    </>
  );
}

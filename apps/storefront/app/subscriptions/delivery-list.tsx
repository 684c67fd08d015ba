import { ProblemNotice } from "~/accounts/account-area";
import { AccountInput } from "~/accounts/account-fields";
import { Price } from "~/components/price";
import { format } from "~/i18n/format";
import { doneOf, refusalFor, refusalKeyOf } from "./answers";
import {
  ChangeDoneNotice,
  ChangeForm,
  ChoiceGroup,
  LinkDisclosure,
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

/**
 * The one delivery form the page shows open, with what it needs: a delivery's gift and donation forms
 * are rendered only when asked for (`?gift=<date>`, `?donate=<date>`), not under each of the eight
 * deliveries (they were most of the page's HTML and render time; decision 024).
 */
export type OpenDeliveryForm =
  | {
      readonly form: "gift";
      readonly date: string;
      /** The countries a friend's address may be in, with their names in the page's language. */
      readonly countries: readonly { code: string; name: string }[];
    }
  | { readonly form: "donate"; readonly date: string; readonly foodBanks: readonly FoodBank[] };

const DELIVERY_FORMS = ["gift", "donate"] as const;
type DeliveryForm = (typeof DELIVERY_FORMS)[number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The delivery form the page's address asks for (`?gift=2026-12-01`), if any; anything else is none. */
export function requestedDeliveryForm(url: URL): { form: DeliveryForm; date: string } | null {
  for (const form of DELIVERY_FORMS) {
    const date = url.searchParams.get(form);
    if (date !== null && DATE.test(date)) return { form, date };
  }
  return null;
}

interface DeliveryListProps {
  readonly deliveries: readonly DeliveryView[];
  readonly openForm: OpenDeliveryForm | null;
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
}: {
  delivery: DeliveryView;
  countries: readonly { code: string; name: string }[];
  texts: DeliveriesTexts;
  actionData: unknown;
}) {
  const refusal = refusalFor(actionData, "gift", delivery.date);
  const values = refusal?.values ?? {};
  const error = (field: string) => fieldErrorText(texts, refusal?.errors[field]);
  const t = texts.deliveries;
  return (
    <>
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
    </>
  );
}

/** Donate a delivery to one of the food banks that take boxes now. */
function DonateForm({
  delivery,
  foodBanks,
  texts,
  actionData,
}: {
  delivery: DeliveryView;
  foodBanks: readonly FoodBank[];
  texts: DeliveriesTexts;
  actionData: unknown;
}) {
  const refusal = refusalFor(actionData, "donate", delivery.date);
  const t = texts.deliveries;
  return (
    <>
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
    </>
  );
}

/** Why a delivery's date is not the planned one, or why it does not come at all. */
function DateChange({ delivery, texts }: { delivery: DeliveryView; texts: DeliveriesTexts["deliveries"] }) {
  if (delivery.change === "moved") return <p>{format(texts.moved, { planned: delivery.plannedDay })}</p>;
  if (delivery.change === "dropped") return <p>{format(texts.dropped, { planned: delivery.plannedDay })}</p>;
  return null;
}

function DeliveryCard({
  delivery,
  openForm,
  texts,
  actionData,
}: { delivery: DeliveryView } & Omit<DeliveryListProps, "deliveries">) {
  const opened = openForm?.date === delivery.date ? openForm : null;
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
              <LinkDisclosure
                search={`?gift=${delivery.date}`}
                anchor={anchorOf(delivery.date)}
                summary={t.gift}
                open={opened?.form === "gift"}
              >
                {opened?.form === "gift" ? (
                  <GiftForm delivery={delivery} countries={opened.countries} texts={texts} actionData={actionData} />
                ) : null}
              </LinkDisclosure>
              <LinkDisclosure
                search={`?donate=${delivery.date}`}
                anchor={anchorOf(delivery.date)}
                summary={t.donate}
                open={opened?.form === "donate"}
              >
                {opened?.form === "donate" ? (
                  <DonateForm delivery={delivery} foodBanks={opened.foodBanks} texts={texts} actionData={actionData} />
                ) : null}
              </LinkDisclosure>
            </>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** The coming deliveries, soonest first, each with what can still be done with it. */
export function DeliveryList(props: DeliveryListProps) {
  const { deliveries, openForm, texts, actionData } = props;
  if (deliveries.length === 0) return <p>{texts.deliveries.none}</p>;
  // A refusal about a delivery no longer listed (its date moved meanwhile), or of a gift or donation
  // form the page does not show open (posted from elsewhere), is said above the list.
  const refusal = refusalFor(actionData, ...refusalKeyOf(actionData));
  const shown = (intent: string, date: string | null) =>
    deliveries.some(
      (delivery) =>
        delivery.date === date &&
        (!(DELIVERY_FORMS as readonly string[]).includes(intent) ||
          (delivery.canSkip && openForm?.form === intent && openForm.date === date)),
    );
  const orphan = refusal && !shown(refusal.intent, refusal.date) ? refusal : null;
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

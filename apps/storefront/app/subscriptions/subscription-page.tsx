import { Link } from "react-router";
import { Panel, ProblemNotice } from "~/accounts/account-area";
import { AccountInput } from "~/accounts/account-fields";
import { SECONDARY_BUTTON, TEXT_BUTTON } from "~/components/button-styles";
import { Price } from "~/components/price";
import { ScreenLink } from "~/components/screen-link";
import { format } from "~/i18n/format";
import {
  CANCEL_PARAM,
  doneOf,
  previewOf,
  refusalFor,
  refusalKeyOf,
  type CancelStep,
  type SubscriptionIntent,
} from "./answers";
import {
  ChangeDoneNotice,
  ChangeForm,
  ChoiceForm,
  ChoiceGroup,
  DateField,
  Disclosure,
  TextArea,
  fieldErrorText,
  refusalProblem,
} from "./change-form";
import { ContentLines, NextDelivery, StatusBadge } from "./subscription-list";
import type { SubscriptionDetailView } from "./subscription-view";
import type { SubscriptionsTexts } from "./texts";

type DetailTexts = Pick<
  SubscriptionsTexts,
  | "list"
  | "detail"
  | "pause"
  | "cancel"
  | "done"
  | "errors"
  | "fields"
  | "form"
  | "frequencies"
  | "subscriptionNumber"
  | "loadFailed"
>;

/** A delivery a change reaches first, or the last box, as the page says it. */
interface DeliveryMention {
  readonly date: string;
  readonly day: string;
  readonly cutoff: string;
}

interface DetailProps {
  readonly view: SubscriptionDetailView;
  /** The first delivery a change reaches now (null: none open, or the deliveries could not be read). */
  readonly firstOpen: DeliveryMention | null;
  /** The last box that still comes should the customer cancel now. */
  readonly lastBox: DeliveryMention | null;
  /** The first delivery that can still be skipped: the cancellation offers it. */
  readonly skippable: DeliveryMention | null;
  readonly cancelStep: CancelStep | null;
  readonly choices: {
    frequencies: readonly string[];
    pauseOptions: readonly string[];
    boxQuantities: readonly number[];
  };
  /** What the forms offer: the boxes on sale, the address book, the saved cards. */
  readonly offer: {
    boxes: readonly { productId: number; name: string }[];
    addresses: readonly { id: string; text: string; line1: string; postalCode: string }[];
    cards: readonly { id: string; brand: string; last4: string; expiry: string }[];
  };
  readonly texts: DetailTexts;
  readonly actionData: unknown;
}

const MAX_REASON = 500;

/** The panel each form is in: a refusal said at the top links to it. */
const PANEL_OF: Record<SubscriptionIntent, string> = {
  quoteBoxes: "change",
  boxes: "change",
  address: "change",
  card: "change",
  frequency: "change",
  weekday: "change",
  slot: "change",
  pause: "pause",
  resume: "resume",
  cancel: "cancel",
  skip: "cancel",
};

/** Said before a change: which delivery it reaches first. */
function AppliesFrom({ firstOpen, texts }: { firstOpen: DeliveryMention | null; texts: DetailTexts }) {
  return (
    <p className="rounded-2xl bg-sand-100 px-4 py-3 text-sand-900">
      {firstOpen
        ? format(texts.detail.appliesFrom, { date: firstOpen.day, cutoff: firstOpen.cutoff })
        : texts.detail.appliesNone}
    </p>
  );
}

function Summary({ view, texts }: { view: SubscriptionDetailView; texts: DetailTexts }) {
  const { address, card, slot } = view;
  const rows: [string, React.ReactNode][] = [
    [texts.list.status, view.statusText],
    [texts.list.frequency, view.frequencyText],
    [texts.detail.weekday, view.weekdayText],
    [
      texts.detail.slot,
      slot ? format(texts.detail.slotTime, { start: slot.start, end: slot.end }) : texts.detail.slotGone,
    ],
    [texts.list.nextDelivery, <NextDelivery key="next" next={view.next} texts={texts.list} />],
    [texts.list.contents, <ContentLines key="contents" lines={view.contents} />],
    [
      texts.list.price,
      view.pricePerDelivery === null ? texts.list.priceUnknown : <Price key="price" cents={view.pricePerDelivery} />,
    ],
    [
      texts.detail.address,
      <span key="address" className="block break-words">
        {[address.fullName, address.line1, address.line2, `${address.postalCode} ${address.city}`, view.zoneName]
          .filter(Boolean)
          .join(", ")}
      </span>,
    ],
    [texts.detail.card, card ? format(texts.detail.cardValue, card) : texts.detail.noCard],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-sm font-semibold text-sand-700">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type FormProps = Omit<DetailProps, "firstOpen" | "lastBox" | "skippable" | "cancelStep">;

/**
 * The box: choose it and how many, see the CMS's quote (from which delivery, at what price per
 * delivery), then confirm. The customer's exclusions go with it.
 */
function BoxForm({ view, choices, offer, texts, actionData }: FormProps) {
  const preview = previewOf(actionData);
  const current = view.boxes[0];
  const refusal = refusalFor(actionData, "quoteBoxes") ?? refusalFor(actionData, "boxes");
  const exclusions = (current?.exclusions ?? []).join(",");
  return (
    <div className="grid gap-4">
      <ChoiceForm
        texts={texts}
        intent="quoteBoxes"
        refusal={refusal}
        submitLabel={texts.detail.quoteBoxes}
        name="productId"
        legend={texts.detail.boxLegend}
        choices={offer.boxes.map((box) => ({ value: String(box.productId), label: box.name }))}
        checked={String(preview?.productId ?? current?.productId ?? "")}
      >
        <AccountInput
          name="quantity"
          label={texts.detail.quantityLabel}
          defaultValue={String(preview?.quantity ?? current?.quantity ?? 1)}
        >
          {choices.boxQuantities.map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </AccountInput>
        <input type="hidden" name="exclusions" value={exclusions} />
      </ChoiceForm>
      {preview ? (
        <div className="grid gap-3 rounded-2xl bg-sand-100 px-4 py-3" role="status">
          <p>
            {preview.appliesFrom
              ? format(texts.detail.previewFrom, { date: preview.appliesFrom })
              : texts.detail.appliesNone}{" "}
            {preview.pricePerDelivery === null ? (
              texts.list.priceUnknown
            ) : (
              <>
                {texts.detail.previewPrice} <Price cents={preview.pricePerDelivery} className="font-bold" />
              </>
            )}
          </p>
          <ChangeForm
            texts={texts}
            intent="boxes"
            refusal={refusalFor(actionData, "boxes")}
            submitLabel={texts.detail.confirmBoxes}
          >
            <input type="hidden" name="productId" value={preview.productId} />
            <input type="hidden" name="quantity" value={preview.quantity} />
            <input type="hidden" name="exclusions" value={exclusions} />
          </ChangeForm>
        </div>
      ) : null}
    </div>
  );
}

/** The delivery address, from the customer's address book (kept in the profile). */
function AddressForm({ view, offer, texts, actionData }: FormProps) {
  if (offer.addresses.length === 0) {
    return (
      <p>
        {texts.detail.noAddresses}{" "}
        <ScreenLink screen="profile" className="underline">
          {texts.detail.toProfile}
        </ScreenLink>
      </p>
    );
  }
  const current = offer.addresses.find(
    (address) => address.line1 === view.address.line1 && address.postalCode === view.address.postalCode,
  );
  return (
    <ChoiceForm
      texts={texts}
      intent="address"
      refusal={refusalFor(actionData, "address")}
      submitLabel={texts.detail.saveAddress}
      name="addressId"
      legend={texts.detail.addressLegend}
      choices={offer.addresses.map((address) => ({ value: address.id, label: address.text }))}
      checked={current?.id}
    />
  );
}

/** The card the renewals charge, from the saved ones (added in the profile). */
function CardForm({ view, offer, texts, actionData }: FormProps) {
  if (offer.cards.length === 0) {
    return (
      <p>
        {texts.detail.noCards}{" "}
        <ScreenLink screen="profile" className="underline">
          {texts.detail.toProfile}
        </ScreenLink>
      </p>
    );
  }
  return (
    <ChoiceForm
      texts={texts}
      intent="card"
      refusal={refusalFor(actionData, "card")}
      submitLabel={texts.detail.saveCard}
      name="paymentMethodId"
      legend={texts.detail.cardLegend}
      choices={offer.cards.map((card) => ({ value: card.id, label: format(texts.detail.cardValue, card) }))}
      checked={view.card?.id}
    />
  );
}

/**
 * Box, frequency, weekday, slot, address and card: one small form each, the choices the CMS gave,
 * each folded under its name (six forms one under another are a long scroll on a phone); the one
 * refused or being quoted opens by itself.
 */
function PlanForms(props: FormProps) {
  const { view, choices, texts, actionData } = props;
  const refusedOne = refusalKeyOf(actionData)[0];
  const opened = (...intents: SubscriptionIntent[]) => intents.includes(refusedOne as SubscriptionIntent);
  return (
    <div className="grid gap-3">
      {props.offer.boxes.length > 0 ? (
        <Disclosure
          summary={texts.detail.boxLegend}
          open={opened("quoteBoxes", "boxes") || previewOf(actionData) !== undefined}
        >
          <BoxForm {...props} />
        </Disclosure>
      ) : null}
      <Disclosure summary={texts.detail.frequencyLegend} open={opened("frequency")}>
        <ChoiceForm
          texts={texts}
          intent="frequency"
          refusal={refusalFor(actionData, "frequency")}
          submitLabel={texts.detail.saveFrequency}
          name="frequency"
          legend={texts.detail.frequencyLegend}
          choices={choices.frequencies.map((frequency) => ({
            value: frequency,
            label: texts.frequencies[frequency as keyof DetailTexts["frequencies"]],
          }))}
          checked={view.frequency}
        />
      </Disclosure>
      {view.weekdayChoices.length > 0 ? (
        <Disclosure summary={texts.detail.weekdayLegend} open={opened("weekday")}>
          <ChoiceForm
            texts={texts}
            intent="weekday"
            refusal={refusalFor(actionData, "weekday")}
            submitLabel={texts.detail.saveWeekday}
            name="weekday"
            legend={texts.detail.weekdayLegend}
            choices={view.weekdayChoices.map(({ weekday, text }) => ({ value: String(weekday), label: text }))}
            checked={String(view.weekday)}
          />
        </Disclosure>
      ) : null}
      {view.slotChoices.length > 0 ? (
        <Disclosure summary={texts.detail.slotLegend} open={opened("slot")}>
          <ChoiceForm
            texts={texts}
            intent="slot"
            refusal={refusalFor(actionData, "slot")}
            submitLabel={texts.detail.saveSlot}
            name="slot"
            legend={texts.detail.slotLegend}
            choices={view.slotChoices.map((slot) => ({
              value: slot.code,
              label: format(texts.detail.slotTime, { start: slot.start, end: slot.end }),
            }))}
            checked={view.slot?.code}
          />
        </Disclosure>
      ) : null}
      <Disclosure summary={texts.detail.addressLegend} open={opened("address")}>
        <AddressForm {...props} />
      </Disclosure>
      <Disclosure summary={texts.detail.cardLegend} open={opened("card")}>
        <CardForm {...props} />
      </Disclosure>
    </div>
  );
}

function PauseForm({
  firstOpen,
  choices,
  texts,
  actionData,
}: Pick<DetailProps, "firstOpen" | "choices" | "texts" | "actionData">) {
  const refusal = refusalFor(actionData, "pause");
  const values = refusal?.values ?? {};
  const error = (field: string) => fieldErrorText(texts, refusal?.errors[field]);
  return (
    <ChangeForm texts={texts} intent="pause" refusal={refusal} submitLabel={texts.pause.submit}>
      {firstOpen ? <p>{format(texts.pause.intro, { date: firstOpen.day })}</p> : null}
      <ChoiceGroup
        name="option"
        legend={texts.pause.legend}
        choices={[
          ...choices.pauseOptions.map((option) => ({
            value: option,
            label: texts.pause.options[option as keyof DetailTexts["pause"]["options"]],
          })),
          { value: "until", label: texts.pause.until },
        ]}
        checked={values.option ?? "1w"}
        error={error("option")}
      />
      <DateField
        name="until"
        label={texts.pause.untilDate}
        hint={texts.pause.untilHint}
        defaultValue={values.until}
        error={error("until")}
      />
      <TextArea
        name="reason"
        label={texts.pause.reason}
        maxLength={MAX_REASON}
        defaultValue={values.reason}
        error={error("reason")}
      />
    </ChangeForm>
  );
}

/** Cancelling: "cancel", then the offer of a skip or a pause, then the reason and the last box, then done. */
function CancelSteps({ view, skippable, lastBox, cancelStep, texts, actionData }: DetailProps) {
  const skipped = refusalFor(actionData, "skip", skippable?.date ?? null);
  if (cancelStep === null) {
    return (
      <Link to={`?${CANCEL_PARAM}=offer#cancel`} className={SECONDARY_BUTTON} preventScrollReset>
        {texts.cancel.start}
      </Link>
    );
  }
  if (cancelStep === "offer") {
    return (
      <div className="grid gap-4">
        <h3 className="text-lg font-bold">{texts.cancel.offerHeading}</h3>
        <p>{texts.cancel.offerIntro}</p>
        {skippable ? (
          <ChangeForm
            texts={texts}
            intent="skip"
            date={skippable.date}
            refusal={skipped}
            submitLabel={format(texts.cancel.skipNext, { date: skippable.day })}
          />
        ) : null}
        {view.may.pause ? (
          <a href="#pause" className={TEXT_BUTTON}>
            {texts.cancel.pauseInstead}
          </a>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Link to={`?${CANCEL_PARAM}=confirm#cancel`} className={SECONDARY_BUTTON}>
            {texts.cancel.continue}
          </Link>
          <Link to="?" className={TEXT_BUTTON}>
            {texts.cancel.keep}
          </Link>
        </div>
      </div>
    );
  }
  const refusal = refusalFor(actionData, "cancel");
  return (
    <div className="grid gap-4">
      <h3 className="text-lg font-bold">{texts.cancel.reasonHeading}</h3>
      <p className="rounded-2xl bg-sand-100 px-4 py-3">
        {lastBox ? format(texts.cancel.lastBox, { date: lastBox.day }) : texts.cancel.noLastBox}
      </p>
      <ChangeForm texts={texts} intent="cancel" refusal={refusal} submitLabel={texts.cancel.confirm} danger>
        <TextArea
          name="reason"
          label={texts.cancel.reason}
          maxLength={MAX_REASON}
          defaultValue={refusal?.values.reason}
          error={fieldErrorText(texts, refusal?.errors.reason)}
        />
      </ChangeForm>
      <Link to="?" className={TEXT_BUTTON}>
        {texts.cancel.keep}
      </Link>
    </div>
  );
}

/** One subscription: what it is, the forms that change it, and its history. */
export function SubscriptionPage(props: DetailProps) {
  const { view, firstOpen, texts, actionData } = props;
  const done = doneOf(actionData);
  // Said at the top as well: without JavaScript the answer opens there, far from the form.
  const refusal = refusalFor(actionData, ...refusalKeyOf(actionData));
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="min-w-0 break-words text-2xl font-bold text-sand-900">
          {view.headline || format(texts.subscriptionNumber, { id: view.id })}
        </h2>
        <StatusBadge status={view.status} text={view.statusText} />
      </div>
      {done ? <ChangeDoneNotice done={done} texts={texts} /> : null}
      {refusal ? (
        <ProblemNotice>
          {refusalProblem(texts, refusal)}{" "}
          <a href={`#${PANEL_OF[refusal.intent as SubscriptionIntent] ?? "summary"}`} className="underline">
            {texts.form.goToForm}
          </a>
        </ProblemNotice>
      ) : null}
      {view.status === "pending" ? (
        <p className="rounded-2xl bg-sand-100 px-4 py-3 text-sand-900">{texts.detail.pendingNotice}</p>
      ) : null}
      {view.pausedUntil ? <p>{format(texts.detail.pausedUntil, { date: view.pausedUntil })}</p> : null}
      {view.cancelsOn ? (
        <p>
          {format(texts.detail.cancelsOn, { date: view.cancelsOn })}{" "}
          {view.lastDelivery
            ? format(texts.detail.lastDelivery, { date: view.lastDelivery })
            : texts.detail.noLastDelivery}
        </p>
      ) : null}
      <Panel id="summary" heading={texts.detail.summary}>
        <div className="grid gap-4">
          <Summary view={view} texts={texts} />
          <ScreenLink
            screen="upcomingDeliveries"
            params={{ id: view.id }}
            className={`${SECONDARY_BUTTON} justify-self-start`}
          >
            {texts.detail.upcoming}
          </ScreenLink>
        </div>
      </Panel>
      {view.may.change ? (
        <Panel id="change" heading={texts.detail.change}>
          <div className="grid gap-4">
            <AppliesFrom firstOpen={firstOpen} texts={texts} />
            <PlanForms {...props} />
          </div>
        </Panel>
      ) : null}
      {view.may.pause ? (
        <Panel id="pause" heading={texts.pause.heading}>
          <PauseForm {...props} />
        </Panel>
      ) : null}
      {view.may.resume ? (
        <Panel
          id="resume"
          heading={texts.pause.resumeHeading}
          intro={firstOpen ? format(texts.pause.resumeFrom, { date: firstOpen.day }) : texts.pause.resumeIntro}
        >
          <ChangeForm
            texts={texts}
            intent="resume"
            refusal={refusalFor(actionData, "resume")}
            submitLabel={texts.pause.resume}
          />
        </Panel>
      ) : null}
      {view.may.cancel ? (
        <Panel id="cancel" heading={texts.cancel.heading} tone="danger">
          <CancelSteps {...props} />
        </Panel>
      ) : null}
      {view.may.restart ? (
        <Panel id="restart" heading={texts.cancel.restartHeading} intro={texts.cancel.restartIntro}>
          {/* Starting again is a new subscription order: its first delivery is paid on-session before any
              card is charged again (decision 027), and the order flow is where that payment is made. */}
          <ScreenLink screen="newOrder" className={`${SECONDARY_BUTTON} self-start`}>
            {texts.cancel.restart}
          </ScreenLink>
        </Panel>
      ) : null}
      <Panel id="history" heading={texts.detail.history}>
        {view.history.length === 0 ? (
          <p>{texts.detail.noHistory}</p>
        ) : (
          <ol className="grid gap-2">
            {view.history.map((line, index) => (
              <li key={`${line.at}-${index}`} className="break-words">
                <time dateTime={line.at} className="block text-sm text-sand-700">
                  {line.when}
                </time>
                {line.text}
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}

/** The page when the CMS could not give the subscription. */
export function SubscriptionUnavailable({ texts }: { texts: Pick<DetailTexts, "loadFailed"> }) {
  return <ProblemNotice>{texts.loadFailed}</ProblemNotice>;
}

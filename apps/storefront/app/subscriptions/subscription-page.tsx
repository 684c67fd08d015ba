import { Link } from "react-router";
import { Panel, ProblemNotice } from "~/accounts/account-area";
import { AccountInput } from "~/accounts/account-fields";
import { SECONDARY_BUTTON, TEXT_BUTTON } from "~/components/button-styles";
import { Price } from "~/components/price";
import { ScreenLink } from "~/components/screen-link";
import { format } from "~/i18n/format";
import { OrderLink } from "~/orders/order-link";
import {
  CANCEL_PARAM,
  CHANGE_PARAM,
  doneOf,
  previewOf,
  refusalFor,
  refusalKeyOf,
  type CancelStep,
  type PlanForm,
  type SubscriptionIntent,
} from "./answers";
import {
  ChangeDoneNotice,
  ChangeForm,
  ChoiceForm,
  ChoiceGroup,
  DateField,
  LinkDisclosure,
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
    extraQuantities: readonly number[];
  };
  /** The change form the page's address opens (`?change=box`), the only one rendered. */
  readonly openForm: PlanForm | null;
  /**
   * What the open form offers: the boxes on sale, the extras, the address book or the saved cards
   * (each empty unless its form is the open one); whether any box is on sale to change to.
   */
  readonly offer: {
    boxesOnSale: boolean;
    boxes: readonly { productId: number; name: string }[];
    extras: readonly { productId: number; name: string }[];
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
  quoteExtras: "change",
  extras: "change",
  address: "change",
  card: "change",
  frequency: "change",
  weekday: "change",
  slot: "change",
  pause: "pause",
  resume: "resume",
  cancel: "cancel",
  skip: "cancel",
  restart: "restart",
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
    [
      texts.detail.card,
      <span key="card" className="grid gap-1">
        <span>{card ? format(texts.detail.cardValue, card) : texts.detail.noCard}</span>
        {card && view.cardCharged ? <span className="text-sm text-sand-700">{texts.detail.cardKept}</span> : null}
      </span>,
    ],
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
 * A quoted change before it is made: from which delivery, at what price per delivery, and the
 * button that confirms it (`children`: the choice posted again, with the delivery the customer was
 * told, which the CMS refuses with 409 once that delivery is locked).
 */
function QuotePreview({
  preview,
  intent,
  submitLabel,
  texts,
  actionData,
  children,
}: {
  preview: { appliesFrom: string | null; appliesFromDate: string | null; pricePerDelivery: number | null };
  intent: "boxes" | "extras";
  submitLabel: string;
  texts: DetailTexts;
  actionData: unknown;
  children: React.ReactNode;
}) {
  return (
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
      <ChangeForm texts={texts} intent={intent} refusal={refusalFor(actionData, intent)} submitLabel={submitLabel}>
        {children}
        {preview.appliesFromDate ? <input type="hidden" name="appliesFrom" value={preview.appliesFromDate} /> : null}
      </ChangeForm>
    </div>
  );
}

/**
 * The box: choose it and how many, see the CMS's quote (from which delivery, at what price per
 * delivery), then confirm. The customer's exclusions go with it.
 */
function BoxForm({ view, choices, offer, texts, actionData }: FormProps) {
  const preview = previewOf(actionData, "boxes");
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
        <QuantitySelect
          name="quantity"
          label={texts.detail.quantityLabel}
          quantities={choices.boxQuantities}
          value={preview?.quantity ?? current?.quantity ?? 1}
        />
        <input type="hidden" name="exclusions" value={exclusions} />
      </ChoiceForm>
      {preview ? (
        <QuotePreview
          preview={preview}
          intent="boxes"
          submitLabel={texts.detail.confirmBoxes}
          texts={texts}
          actionData={actionData}
        >
          <input type="hidden" name="productId" value={preview.productId} />
          <input type="hidden" name="quantity" value={preview.quantity} />
          <input type="hidden" name="exclusions" value={exclusions} />
        </QuotePreview>
      ) : null}
    </div>
  );
}

/** A select of how many (0 removes an extra). */
function QuantitySelect({
  name,
  label,
  quantities,
  value,
  error,
}: {
  name: string;
  label: string;
  quantities: readonly number[];
  value: number;
  error?: string;
}) {
  return (
    <AccountInput name={name} label={label} defaultValue={String(value)} error={error}>
      {quantities.map((quantity) => (
        <option key={quantity} value={quantity}>
          {quantity}
        </option>
      ))}
    </AccountInput>
  );
}

/**
 * The extras that come with every delivery: each one's quantity (0 removes it) and one to add, the
 * CMS's quote (from which delivery, the new price per delivery), then confirm.
 */
function ExtrasForm({ view, choices, offer, texts, actionData }: FormProps) {
  const preview = previewOf(actionData, "extras");
  const refusal = refusalFor(actionData, "quoteExtras") ?? refusalFor(actionData, "extras");
  const kept = new Set(view.extras.map((extra) => extra.productId));
  const quantities = choices.extraQuantities;
  return (
    <div className="grid gap-4">
      <ChangeForm texts={texts} intent="quoteExtras" refusal={refusal} submitLabel={texts.detail.quoteBoxes} secondary>
        {view.extras.length === 0 ? <p>{texts.detail.noExtras}</p> : null}
        {view.extras.map((extra) => (
          <QuantitySelect
            key={extra.productId}
            name={`extra-${extra.productId}`}
            label={format(texts.detail.extraQuantity, { name: extra.name })}
            quantities={quantities}
            value={extra.quantity}
          />
        ))}
        <AccountInput
          name="addProductId"
          label={texts.detail.addExtra}
          defaultValue=""
          error={fieldErrorText(texts, refusal?.errors.addProductId)}
        >
          <option value="">{texts.detail.addNone}</option>
          {offer.extras
            .filter((extra) => !kept.has(extra.productId))
            .map((extra) => (
              <option key={extra.productId} value={extra.productId}>
                {extra.name}
              </option>
            ))}
        </AccountInput>
        <QuantitySelect
          name="addQuantity"
          label={texts.detail.quantityLabel}
          quantities={quantities.filter((quantity) => quantity > 0)}
          value={1}
        />
      </ChangeForm>
      {preview ? (
        <QuotePreview
          preview={preview}
          intent="extras"
          submitLabel={texts.detail.confirmExtras}
          texts={texts}
          actionData={actionData}
        >
          <input
            type="hidden"
            name="extras"
            value={preview.extras.map((extra) => `${extra.productId}:${extra.quantity}`).join(",")}
          />
        </QuotePreview>
      ) : null}
    </div>
  );
}

/**
 * A choice among what the customer keeps in the profile (addresses, cards): the form, or where to
 * add some when there are none.
 */
function SavedChoiceForm({
  none,
  texts,
  ...form
}: Omit<React.ComponentProps<typeof ChoiceForm>, "texts"> & { none: string; texts: DetailTexts }) {
  if (form.choices.length === 0) {
    return (
      <p>
        {none}{" "}
        <ScreenLink screen="profile" className="underline">
          {texts.detail.toProfile}
        </ScreenLink>
      </p>
    );
  }
  return <ChoiceForm texts={texts} {...form} />;
}

/** The delivery address, from the customer's address book (kept in the profile). */
function AddressForm({ view, offer, texts, actionData }: FormProps) {
  const current = offer.addresses.find(
    (address) => address.line1 === view.address.line1 && address.postalCode === view.address.postalCode,
  );
  return (
    <SavedChoiceForm
      none={texts.detail.noAddresses}
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
  return (
    <SavedChoiceForm
      none={texts.detail.noCards}
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
 * Box, extras, frequency, weekday, slot, address and card: one small form each, the choices the CMS
 * gave, each behind a link with its name (seven forms one under another are a long scroll on a phone,
 * and rendering them all on every view was most of the page's work). Only the form the page's address
 * asks for is rendered, with what it offers; its answer, a refusal or a quote, comes back to it open.
 */
function PlanForms(props: FormProps) {
  const { view, choices, texts, actionData, openForm } = props;
  const planForm = (form: PlanForm, summary: string, content: () => React.ReactNode) => (
    <LinkDisclosure
      search={`?${CHANGE_PARAM}=${form}`}
      anchor={`change-${form}`}
      id={`change-${form}`}
      summary={summary}
      open={openForm === form}
    >
      {openForm === form ? content() : null}
    </LinkDisclosure>
  );
  const choiceForm = (
    intent: "frequency" | "weekday" | "slot",
    form: Omit<React.ComponentProps<typeof ChoiceForm>, "texts" | "intent" | "refusal" | "legend"> & { legend: string },
  ) =>
    planForm(intent, form.legend, () => (
      <ChoiceForm texts={texts} intent={intent} refusal={refusalFor(actionData, intent)} {...form} />
    ));
  return (
    <div className="grid gap-3">
      {props.offer.boxesOnSale ? planForm("box", texts.detail.boxLegend, () => <BoxForm {...props} />) : null}
      {planForm("extras", texts.detail.extrasLegend, () => (
        <ExtrasForm {...props} />
      ))}
      {choiceForm("frequency", {
        submitLabel: texts.detail.saveFrequency,
        name: "frequency",
        legend: texts.detail.frequencyLegend,
        choices: choices.frequencies.map((frequency) => ({
          value: frequency,
          label: texts.frequencies[frequency as keyof DetailTexts["frequencies"]],
        })),
        checked: view.frequency,
      })}
      {view.weekdayChoices.length > 0
        ? choiceForm("weekday", {
            submitLabel: texts.detail.saveWeekday,
            name: "weekday",
            legend: texts.detail.weekdayLegend,
            choices: view.weekdayChoices.map(({ weekday, text }) => ({ value: String(weekday), label: text })),
            checked: String(view.weekday),
          })
        : null}
      {view.slotChoices.length > 0
        ? choiceForm("slot", {
            submitLabel: texts.detail.saveSlot,
            name: "slot",
            legend: texts.detail.slotLegend,
            choices: view.slotChoices.map((slot) => ({
              value: slot.code,
              label: format(texts.detail.slotTime, { start: slot.start, end: slot.end }),
            })),
            checked: view.slot?.code,
          })
        : null}
      {planForm("address", texts.detail.addressLegend, () => (
        <AddressForm {...props} />
      ))}
      {planForm("card", texts.detail.cardLegend, () => (
        <CardForm {...props} />
      ))}
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
        <div className="grid gap-3 rounded-2xl bg-sand-100 px-4 py-3 text-sand-900">
          <p>{texts.detail.pendingNotice}</p>
          {view.orderToPay ? (
            <OrderLink screen="orderPay" number={view.orderToPay} className={`${SECONDARY_BUTTON} justify-self-start`}>
              {format(texts.detail.payPending, { number: view.orderToPay })}
            </OrderLink>
          ) : null}
        </div>
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
      {view.may.restart && view.restartFrom ? (
        <Panel
          id="restart"
          heading={texts.cancel.restartHeading}
          intro={format(texts.cancel.restartIntro, { date: view.restartFrom })}
        >
          {/* Restarting is paid on-session first (decision 027): the CMS orders the delivery said
              above and the action sends the customer to that order's pay page. */}
          <ChangeForm
            texts={texts}
            intent="restart"
            refusal={refusalFor(actionData, "restart")}
            submitLabel={texts.cancel.restart}
          >
            {view.restartFromDate ? <input type="hidden" name="restartFrom" value={view.restartFromDate} /> : null}
            {view.pricePerDelivery === null ? null : (
              <p>
                {texts.cancel.restartPrice} <Price cents={view.pricePerDelivery} className="font-bold" />
              </p>
            )}
          </ChangeForm>
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

import { TEXT_BUTTON } from "~/components/button-styles";
import { Form } from "react-router";
import { format } from "~/i18n/format";
import { useRootData } from "~/root-data";
import type { FlowTexts } from "./controls";
import { INTENTS } from "./fields";

/**
 * Who is ordering, and the way out for someone else at the same device ("not you?"): signs the
 * account out of this browser and goes to the account step; the draft stays.
 */
export function SignedInAs({ texts }: { texts: FlowTexts }) {
  const user = useRootData()?.user;
  const words = texts.flow.account;
  if (!user) return null;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-x-2 text-sand-700">
      <span className="[overflow-wrap:anywhere]">{format(words.signedInAs, { email: user.email })}</span>
      <span>{words.notYou}</span>
      <button type="submit" name="intent" value={INTENTS.signOut} className={TEXT_BUTTON}>
        {words.signOut}
      </button>
    </Form>
  );
}

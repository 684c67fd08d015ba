import type { Route } from "./+types/contact";
import { FormField, PersonFields } from "~/components/form-field";
import { PublicForm } from "~/components/public-form";
import { ScreenIntro } from "~/components/screen-intro";
import { contactSchema } from "~/forms/schemas";
import { submitForm } from "~/forms/submit.server";
import { localeOf } from "~/route-context.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export function action({ request }: Route.ActionArgs) {
  return submitForm(request, contactSchema, "/contact-messages", localeOf(request));
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const text = usePageLanguage().messages.forms;
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-2xl px-4 pb-8">
        <PublicForm result={actionData} schema={contactSchema} sentText={text.contactSent}>
          {(errors, values) => (
            <>
              <PersonFields errors={errors} values={values} />
              <FormField
                name="message"
                label={text.message}
                multiline
                error={errors.message}
                defaultValue={values.message}
                required
                maxLength={5000}
              />
            </>
          )}
        </PublicForm>
      </div>
    </>
  );
}

import type { Route } from "./+types/companies";
import { FormField, PersonFields } from "~/components/form-field";
import { PublicForm } from "~/components/public-form";
import { ScreenIntro } from "~/components/screen-intro";
import { companyLeadSchema, EMPLOYEE_RANGES } from "~/forms/schemas";
import { submitForm } from "~/forms/submit.server";
import { localeOf } from "~/route-context.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export function action({ request }: Route.ActionArgs) {
  return submitForm(request, companyLeadSchema, "/company-leads", localeOf(request));
}

export default function Companies({ actionData }: Route.ComponentProps) {
  const text = usePageLanguage().messages.forms;
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-2xl px-4 pb-8">
        <PublicForm result={actionData} schema={companyLeadSchema} sentText={text.leadSent}>
          {(errors, values) => (
            <>
              <FormField
                name="company"
                label={text.company}
                error={errors.company}
                defaultValue={values.company}
                required
                maxLength={160}
                autoComplete="organization"
              />
              <FormField
                name="employees"
                label={text.employees}
                error={errors.employees}
                defaultValue={values.employees}
                required
              >
                <option value="" />
                {EMPLOYEE_RANGES.map((range) => (
                  <option key={range} value={range}>
                    {range}
                  </option>
                ))}
              </FormField>
              <PersonFields errors={errors} values={values} />
              <FormField
                name="message"
                label={text.companyMessage}
                multiline
                error={errors.message}
                defaultValue={values.message}
                maxLength={5000}
              />
            </>
          )}
        </PublicForm>
      </div>
    </>
  );
}

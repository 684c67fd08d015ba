import { companyOffer, summarizeForCompanies } from "@shop/domain";
import type { Route } from "./+types/companies";
import { getProducts } from "~/catalogue.server";
import { CardGrid, ContentSection } from "~/components/content-sections";
import { FormField, PersonFields } from "~/components/form-field";
import { ProductGrid } from "~/components/product-card";
import { PublicForm } from "~/components/public-form";
import { ScreenIntro } from "~/components/screen-intro";
import { companyLeadSchema, EMPLOYEE_RANGES, FIELD_MAX } from "@shop/contracts";
import { submitForm } from "~/forms/submit.server";
import { pageTextsFor } from "~/content-pages/texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The B2B offer (@shop/domain companyOffer), priced as businesses expect: without VAT, its rate stated. */
export async function loader({ context: { locale } }: Route.LoaderArgs) {
  const offer = companyOffer(await getProducts(locale)).map(summarizeForCompanies);
  return { text: pageTextsFor(locale, "companies"), offer };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, companyLeadSchema, "/company-leads", {
    locale: context.locale,
    visitor: context.clientIp,
  });
}

export default function Companies({ loaderData, actionData }: Route.ComponentProps) {
  const text = usePageLanguage().messages.forms;
  const page = loaderData.text;
  return (
    <>
      <ScreenIntro />
      <ContentSection title={page.whyHeading}>
        <CardGrid cards={[page.why.office, page.why.flexible, page.why.impact]} />
      </ContentSection>
      <ContentSection title={page.offerHeading} lead={page.offerLead} tone="tinted">
        <ProductGrid products={loaderData.offer} />
      </ContentSection>
      <section className="mx-auto max-w-2xl px-4 py-10" aria-labelledby="lead-form">
        <h2 id="lead-form" className="font-display text-2xl font-semibold text-leaf-800 sm:text-3xl">
          {page.formHeading}
        </h2>
        <p className="mt-2 mb-6 text-sand-700">{page.formLead}</p>
        <PublicForm result={actionData} form="companyLead" sentText={text.leadSent}>
          {(errors, values) => (
            <>
              <FormField
                name="company"
                label={text.company}
                error={errors.company}
                defaultValue={values.company}
                required
                maxLength={FIELD_MAX.company}
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
                maxLength={FIELD_MAX.message}
              />
            </>
          )}
        </PublicForm>
      </section>
    </>
  );
}

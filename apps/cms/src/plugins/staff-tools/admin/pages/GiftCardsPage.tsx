import { Box, Flex, LinkButton, Typography } from "@strapi/design-system";
import { ExternalLink } from "@strapi/icons";
import { Layouts, Page } from "@strapi/strapi/admin";
import type { StaffLinks } from "../../server/links";
import { usePluginJson } from "../hooks";
import { useTexts } from "../texts";

/** The panel's language as the shop names it: a language the shop has not (en) reads the Spanish page. */
const shopLocale = (locale: string): keyof StaffLinks["giftCards"] =>
  locale === "ca" || locale === "pt" ? locale : "es";

/**
 * The gift cards' entry in the panel's menu (issue 23): staff work in the panel, and the cards'
 * tools are the storefront's staff page (docs/decisions/037), which this page says how to reach and
 * opens, in the panel's language.
 */
export default function GiftCardsPage() {
  const { t, locale } = useTexts();
  const links = usePluginJson<StaffLinks>("links", "");
  return (
    <Page.Main>
      <Page.Title>{t("giftCards.menu")}</Page.Title>
      <Layouts.Header title={t("giftCards.menu")} subtitle={t("giftCards.subtitle")} />
      <Layouts.Content>
        {links.state === "loading" && <Page.Loading />}
        {links.state === "failed" && <Page.Error />}
        {links.state === "ready" && (
          <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
            <Flex direction="column" alignItems="flex-start" gap={4}>
              <Typography tag="p">{t("giftCards.where")}</Typography>
              <LinkButton
                href={links.data.giftCards[shopLocale(locale)]}
                target="_blank"
                rel="noopener"
                endIcon={<ExternalLink />}
              >
                {t("giftCards.open")}
              </LinkButton>
              <Typography tag="p" textColor="neutral600">
                {t("giftCards.panel")}
              </Typography>
            </Flex>
          </Box>
        )}
      </Layouts.Content>
    </Page.Main>
  );
}

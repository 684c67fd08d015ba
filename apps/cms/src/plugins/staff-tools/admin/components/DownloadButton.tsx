import { useState } from "react";
import { Button } from "@strapi/design-system";
import { Download } from "@strapi/icons";
import { useNotification } from "@strapi/strapi/admin";
import { STAFF_LANGUAGES, type StaffLanguage } from "../../../../packing/texts";
import { useCsvDownload, type DayChoice, type SheetName } from "../hooks";
import { useTexts } from "../texts";

const isStaffLanguage = (locale: string): locale is StaffLanguage => STAFF_LANGUAGES.includes(locale as StaffLanguage);

/** The CSV file of a sheet, in the panel's language (Spanish when the files have no such language). */
export function DownloadButton({ sheet, choice }: { sheet: SheetName; choice: DayChoice }) {
  const { t, locale } = useTexts();
  const download = useCsvDownload();
  const { toggleNotification } = useNotification();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await download(sheet, choice, isStaffLanguage(locale) ? locale : "es");
    } catch {
      toggleNotification({ type: "danger", message: t("download.failed") });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" startIcon={<Download />} loading={busy} onClick={onClick}>
      {t("download")}
    </Button>
  );
}

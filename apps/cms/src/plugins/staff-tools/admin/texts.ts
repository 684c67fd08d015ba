import { useIntl } from "react-intl";
import en from "./translations/en.json";
import { translationId } from "./ids";

/** A key of the plugin's translations: English is the reference every other language follows. */
export type TextKey = keyof typeof en;

const kindKey = (kind: string) => `kind.${kind}`;
const isTextKey = (key: string): key is TextKey => Object.hasOwn(en, key);

/** The panel's language and the plugin's texts in it (English where a translation is missing). */
export function useTexts() {
  const { formatMessage, locale } = useIntl();
  const t = (key: TextKey, values?: Record<string, string | number>) =>
    formatMessage({ id: translationId(key), defaultMessage: en[key] }, values);
  return {
    locale,
    t,
    /** A box's type as staff call it; the catalogue's value when it has no translation. */
    kind: (kind: string | null) => (kind === null ? "" : isTextKey(kindKey(kind)) ? t(kindKey(kind) as TextKey) : kind),
  };
}

export type Texts = ReturnType<typeof useTexts>;

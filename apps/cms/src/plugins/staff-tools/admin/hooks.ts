import { useEffect, useState } from "react";
import { useFetchClient } from "@strapi/strapi/admin";
import { PLUGIN_ID } from "./ids";

/** The server's sheets: /staff-tools/packing-list and /staff-tools/delivery-sheet. */
export type SheetName = "packing-list" | "delivery-sheet";

export interface DayChoice {
  date: string;
  /** A zone's id; null: every zone. */
  zoneId: number | null;
}

export type Loaded<T> = { state: "loading" } | { state: "failed" } | { state: "ready"; data: T };

const pathOf = (name: string) => `/${PLUGIN_ID}/${name}`;

function paramsOf({ date, zoneId }: DayChoice): Record<string, string> {
  return zoneId === null ? { date } : { date, zone: String(zoneId) };
}

/**
 * GET one of the plugin's JSON answers (`query`: its search string, null to wait), again whenever the
 * query changes; an answer that arrives after the next question is dropped.
 */
export function usePluginJson<T>(name: string, query: string | null): Loaded<T> {
  const { get } = useFetchClient();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    setLoaded({ state: "loading" });
    get<T>(`${pathOf(name)}?${query}`, { signal: controller.signal }).then(
      ({ data }) => setLoaded({ state: "ready", data }),
      () => {
        if (!controller.signal.aborted) setLoaded({ state: "failed" });
      },
    );
    return () => controller.abort();
  }, [get, name, query]);

  return loaded;
}

export function useSheet<T>(name: SheetName, choice: DayChoice | null): Loaded<T> {
  return usePluginJson<T>(name, choice === null ? null : new URLSearchParams(paramsOf(choice)).toString());
}

/**
 * Downloads a sheet as CSV. The admin API wants the signed-in staff member's token in a header, which
 * a plain link cannot send: the file is fetched, then handed to the browser as a Blob to save.
 */
export function useCsvDownload(): (name: SheetName, choice: DayChoice, lang: string) => Promise<void> {
  const { get } = useFetchClient();
  return async (name, choice, lang) => {
    const { data } = await get(pathOf(name), {
      params: { ...paramsOf(choice), format: "csv", lang },
      responseType: "blob",
    });
    const url = URL.createObjectURL(data);
    const link = document.createElement("a");
    link.href = url;
    link.download = `${name}-${choice.date}${choice.zoneId === null ? "" : `-zone-${choice.zoneId}`}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has started the download: revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
}

/**
 * Asks the cookie banner's chunk to open the preferences dialog (footer, cookie policy page). An
 * event rather than shared state: the dialog's code arrives after hydration and the first load
 * carries only this name (decision 006).
 */
export const OPEN_COOKIE_SETTINGS = "shop:cookie-settings";

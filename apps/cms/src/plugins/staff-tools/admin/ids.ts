export const PLUGIN_ID = "staff-tools";

/** The panel shows the page to the roles the server lets read the sheets (server/routes.ts). */
export const READ_PERMISSIONS = [{ action: `plugin::${PLUGIN_ID}.read`, subject: null }];

/**
 * The gift cards' page of the menu: a path of its own (not under the sheets' page, whose menu entry
 * would show as the current one there too).
 */
export const GIFT_CARDS_PAGE = `plugins/${PLUGIN_ID}-gift-cards`;

/** The panel's translations are one table for every plugin: each key carries the plugin's id. */
export const translationId = (key: string) => `${PLUGIN_ID}.${key}`;

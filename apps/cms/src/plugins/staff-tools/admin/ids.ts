export const PLUGIN_ID = "staff-tools";

/** The panel shows the page to the roles the server lets read the sheets (server/routes.ts). */
export const READ_PERMISSIONS = [{ action: `plugin::${PLUGIN_ID}.read`, subject: null }];

/** The panel's translations are one table for every plugin: each key carries the plugin's id. */
export const translationId = (key: string) => `${PLUGIN_ID}.${key}`;

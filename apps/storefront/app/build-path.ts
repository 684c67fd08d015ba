/** Where the storefront's server names the build it serves, for open pages to compare (server/app.ts). */
export const BUILD_PATH = "/builds/latest.json";

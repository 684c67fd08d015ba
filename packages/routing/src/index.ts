export * from "./locales";
export * from "./table";
export * from "./screens";
export * from "./paths";
export * from "./seo";
export * from "./guards";
export * from "./redirects";

export * from "./forms";
export * from "./internal-api";
export * from "./product";
export * from "./account-limits";
export * from "./account";
export * from "./account-data";
export * from "./shop-settings";
export * from "./impact";

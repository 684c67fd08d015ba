export * from "./money";
export * from "./tax";
export * from "./locale";
export * from "./product";
export * from "./filters";
export * from "./metrics";
export * from "./reviews";
export * from "./posts";

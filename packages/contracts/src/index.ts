export * from "./forms";
export * from "./internal-api";

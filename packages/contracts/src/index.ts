export * from "./forms";

export * from "./agents";
export * from "./ai";
export * from "./channels";
export * from "./credits";
export * from "./knowledge";
export * from "./users";
export * from "./workspaces";
export * from "./integrations";

export * from "./agents";
export * from "./credits";
export * from "./users";
export * from "./workspaces";

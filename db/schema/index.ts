export * from "./users";
export * from "./auth";
export * from "./events";
export * from "./runs";
export * from "./social";
export * from "./moderation";
export * from "./horses";
export * from "./alerts";

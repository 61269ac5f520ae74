import type { EVENT_TYPES } from "./constants";

/**
 * Labels the event lists show. Kept apart from the zod schemas in events.ts
 * so that Discover and the event cards do not ship zod to the browser.
 */
export const GROUND_TYPES = ["dirt", "sand", "mixed", "other"] as const;
export const GROUND_LABELS: Record<(typeof GROUND_TYPES)[number], string> = {
  dirt: "Dirt",
  sand: "Sand",
  mixed: "Mixed",
  other: "Other",
};
export const EVENT_TYPE_LABELS: Record<(typeof EVENT_TYPES)[number], string> = {
  barrel_racing: "Barrel Racing",
  rodeo: "Rodeo",
  futurity: "Futurity",
  open_show: "Open Show",
  pole_bending: "Pole Bending",
  youth_rodeo: "Youth Rodeo",
};

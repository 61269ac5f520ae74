import { z } from "zod";

/** How many runs out a rider may ask to be told their entry is on deck; null: off. */
export const ON_DECK_CHOICES = [10, 5, 3] as const;
export type OnDeckChoice = (typeof ON_DECK_CHOICES)[number] | null;
export const DEFAULT_ON_DECK = 5 as const;

export const ON_DECK_MESSAGE = "onDeckRunsOut must be 10, 5, 3 or null (off)";
export const onDeckSchema = z.union([z.literal(10), z.literal(5), z.literal(3), z.null()], { errorMap: () => ({ message: ON_DECK_MESSAGE }) });

/** The Settings form's select: "10", "5", "3" or "off". */
export function onDeckFromForm(value: FormDataEntryValue | null): OnDeckChoice | undefined {
  if (value === "off") return null;
  const n = Number(value);
  return (ON_DECK_CHOICES as readonly number[]).includes(n) ? (n as OnDeckChoice) : undefined;
}

/** POST /api/events/{id}/gate-calls. */
export const gateCallSchema = z.object({
  entryId: z.string({ required_error: "entryId is required", invalid_type_error: "entryId is required" }).trim().min(1, "entryId is required").max(64),
});

export const GATE_CALLS_MAX = 3;

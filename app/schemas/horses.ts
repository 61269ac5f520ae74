import { z } from "zod";

/*
 * A horse's record: limits, lists and messages shared by the horse screens,
 * the run form and /api/horses. The server (app/features/horses/horses.server.ts)
 * is the authority; the forms show the same messages.
 */

export const HORSE_SEXES = ["mare", "gelding", "stallion", "filly", "colt"] as const;
export type HorseSex = (typeof HORSE_SEXES)[number];
export const HORSE_SEX_LABELS: Record<HorseSex, string> = { mare: "Mare", gelding: "Gelding", stallion: "Stallion", filly: "Filly", colt: "Colt" };
/** How every screen names a horse's sex as stored ("gelding" is shown "Gelding"); none for none. */
export const horseSexLabel = (sex: string | null) => (sex && Object.hasOwn(HORSE_SEX_LABELS, sex) ? HORSE_SEX_LABELS[sex as HorseSex] : null);

/** Colors a rider picks from (the form suggests them); any other color may be typed. */
export const HORSE_COLORS = ["Bay", "Black", "Brown", "Buckskin", "Chestnut", "Cremello", "Dun", "Gray", "Grulla", "Palomino", "Paint", "Perlino", "Red Roan", "Blue Roan", "Bay Roan", "Sorrel", "White"] as const;

export const HORSE_LIMITS = { name: 60, registeredName: 100, color: 40, notes: 1000 } as const;
/** Horses live into their thirties: a year foaled more than this many years ago is a typo. */
const OLDEST_HORSE_YEARS = 45;

export const HORSE_MESSAGES = {
  name: "Horse name is required",
  nameMax: `Horse name must be ${HORSE_LIMITS.name} characters or less`,
  registeredNameMax: `Registered name must be ${HORSE_LIMITS.registeredName} characters or less`,
  colorMax: `Color must be ${HORSE_LIMITS.color} characters or less`,
  notesMax: `Notes must be ${HORSE_LIMITS.notes} characters or less`,
  sex: "Choose mare, gelding, stallion, filly or colt",
  yearFoaled: "Year foaled must be a year, like 2016",
  rider: "Choose a rider from the list",
  photo: "Upload the photo first",
  shared: "shared must be true or false",
  retired: "retired must be true or false",
  notFound: "Horse not found",
  retiredForRun: "This horse is retired: bring it back from its page to log runs on it",
} as const;

export const duplicateHorseMessage = (name: string) => `You already have a horse named ${name}. Add a mark or a nickname to tell them apart.`;

/** The year range a horse may have been foaled in, as of `today`. */
export function yearFoaledRange(today: Date) {
  const year = today.getUTCFullYear();
  return { min: year - OLDEST_HORSE_YEARS, max: year };
}
export const yearFoaledMessage = (today: Date) => {
  const { min, max } = yearFoaledRange(today);
  return `Year foaled must be between ${min} and ${max}`;
};

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const optionalText = (max: number, message: string) => z.preprocess(blankToNull, z.string().trim().max(max, message).nullable().optional());
const flag = (message: string) =>
  z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || v === "off" ? false : v), z.boolean({ invalid_type_error: message }).optional());

/**
 * The fields of a horse, for POST /api/horses, PATCH /api/horses/{id} and the
 * horse forms. On PATCH an absent field is left as it is; null or "" clears it.
 */
export const newHorseSchema = z.object({
  name: z.string({ required_error: HORSE_MESSAGES.name, invalid_type_error: HORSE_MESSAGES.name }).trim().min(1, HORSE_MESSAGES.name).max(HORSE_LIMITS.name, HORSE_MESSAGES.nameMax),
  registeredName: optionalText(HORSE_LIMITS.registeredName, HORSE_MESSAGES.registeredNameMax),
  yearFoaled: z.preprocess(blankToNull, z.coerce.number({ invalid_type_error: HORSE_MESSAGES.yearFoaled }).int(HORSE_MESSAGES.yearFoaled).nullable().optional()),
  sex: z.preprocess((v) => (v === "none" ? null : blankToNull(v)), z.enum(HORSE_SEXES, { errorMap: () => ({ message: HORSE_MESSAGES.sex }) }).nullable().optional()),
  color: optionalText(HORSE_LIMITS.color, HORSE_MESSAGES.colorMax),
  notes: optionalText(HORSE_LIMITS.notes, HORSE_MESSAGES.notesMax),
  riderId: z.preprocess((v) => (v === "none" ? null : blankToNull(v)), z.coerce.number({ invalid_type_error: HORSE_MESSAGES.rider }).int(HORSE_MESSAGES.rider).positive(HORSE_MESSAGES.rider).nullable().optional()),
  /** An image uploaded with kind "horse" by this rider (the signed upload flow), or null to remove the photo. */
  photoUrl: z.preprocess(blankToNull, z.string().max(200, HORSE_MESSAGES.photo).nullable().optional()),
  shared: flag(HORSE_MESSAGES.shared),
  retired: flag(HORSE_MESSAGES.retired),
});
export const horsePatchSchema = newHorseSchema.partial();
export type HorseInput = z.infer<typeof horsePatchSchema>;

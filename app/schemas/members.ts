import { z } from "zod";
import { MEMBERSHIP_KINDS, DUES_METHODS } from "#db/schema/members";

/*
 * The association's members: membership years and kinds, a rider's request
 * to join, the office's marks (dues paid, number) and the CSV import.
 * Limits and messages are written once, here.
 */

export const MEMBER_LIMITS = { yearName: 40, prefix: 10, number: 20, reference: 60, name: 120, email: 254, duesCents: 1_000_000, age: 120, importRows: 20_000, importBytes: 5 * 1024 * 1024 } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export const MEMBER_MESSAGES = {
  yearName: "Name the membership year, such as 2027",
  yearNameMax: `A year's name must be at most ${MEMBER_LIMITS.yearName} characters`,
  startDate: "The year's first day must be a date (YYYY-MM-DD)",
  endDate: "The year's last day must be a date (YYYY-MM-DD)",
  endBeforeStart: "The year's last day must be after its first",
  kinds: "Offer at least one kind of membership",
  kindTwice: "Offer each kind once",
  kind: `Kind must be one of ${MEMBERSHIP_KINDS.join(", ")}`,
  dues: `Dues must be whole cents from 0 to ${MEMBER_LIMITS.duesCents}`,
  age: `Ages must be whole numbers from 0 to ${MEMBER_LIMITS.age}`,
  ageOrder: "The youngest age must not be above the oldest",
  prefix: `The number prefix must be at most ${MEMBER_LIMITS.prefix} letters, digits or dashes`,
  yearId: "Choose a membership year",
  riderId: "Choose one of your riders",
  birthDate: "Birth date must be a date (YYYY-MM-DD) in the past",
  paid: "Say whether the dues are paid (true or false)",
  paidMethod: `How the dues were paid: one of ${DUES_METHODS.join(", ")}`,
  checkNumber: "Give the check's number",
  reference: `A reference must be at most ${MEMBER_LIMITS.reference} characters`,
  number: `A member number is 1 to ${MEMBER_LIMITS.number} letters, digits or dashes`,
  status: "Status must be PENDING or ACTIVE",
  closed: "Closed must be true or false",
  yearClosed: (name: string) => `${name} is closed to new members: ask the office`,
} as const;

const realDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const age = z.number({ invalid_type_error: MEMBER_MESSAGES.age }).int(MEMBER_MESSAGES.age).min(0, MEMBER_MESSAGES.age).max(MEMBER_LIMITS.age, MEMBER_MESSAGES.age).nullable().optional();

export const yearKindSchema = z
  .object({
    kind: z.enum(MEMBERSHIP_KINDS, { errorMap: () => ({ message: MEMBER_MESSAGES.kind }) }),
    duesCents: z.number({ required_error: MEMBER_MESSAGES.dues, invalid_type_error: MEMBER_MESSAGES.dues }).int(MEMBER_MESSAGES.dues).min(0, MEMBER_MESSAGES.dues).max(MEMBER_LIMITS.duesCents, MEMBER_MESSAGES.dues),
    minAge: age,
    maxAge: age,
  })
  .refine((k) => k.minAge == null || k.maxAge == null || k.minAge <= k.maxAge, MEMBER_MESSAGES.ageOrder)
  .transform((k) => ({ kind: k.kind, duesCents: k.duesCents, minAge: k.minAge ?? null, maxAge: k.maxAge ?? null }));

const yearFields = {
  name: z.string({ required_error: MEMBER_MESSAGES.yearName }).trim().min(1, MEMBER_MESSAGES.yearName).max(MEMBER_LIMITS.yearName, MEMBER_MESSAGES.yearNameMax),
  startDate: z.string({ required_error: MEMBER_MESSAGES.startDate }).refine(realDate, MEMBER_MESSAGES.startDate),
  endDate: z.string({ required_error: MEMBER_MESSAGES.endDate }).refine(realDate, MEMBER_MESSAGES.endDate),
  kinds: z
    .array(yearKindSchema, { required_error: MEMBER_MESSAGES.kinds, invalid_type_error: MEMBER_MESSAGES.kinds })
    .min(1, MEMBER_MESSAGES.kinds)
    .refine((list) => new Set(list.map((k) => k.kind)).size === list.length, MEMBER_MESSAGES.kindTwice),
  numberPrefix: z
    .string()
    .trim()
    .max(MEMBER_LIMITS.prefix, MEMBER_MESSAGES.prefix)
    .refine((v) => v === "" || /^[A-Za-z0-9-]+$/.test(v), MEMBER_MESSAGES.prefix)
    .optional(),
  /** A closed year takes no new requests to join; the office still marks dues and can reopen it. */
  closed: z.boolean({ invalid_type_error: MEMBER_MESSAGES.closed }).optional(),
};

const inOrder = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || !realDate(v.startDate) || !realDate(v.endDate) || v.endDate > v.startDate;

export const membershipYearSchema = z.object(yearFields).refine(inOrder, { message: MEMBER_MESSAGES.endBeforeStart, path: ["endDate"] });
export const membershipYearUpdateSchema = z.object(yearFields).partial().refine(inOrder, { message: MEMBER_MESSAGES.endBeforeStart, path: ["endDate"] });
export type MembershipYearInput = z.infer<typeof membershipYearSchema>;
export type MembershipYearUpdate = z.infer<typeof membershipYearUpdateSchema>;

const optionalBirthDate = z
  .preprocess((v) => (v === "" ? undefined : v), z.string({ invalid_type_error: MEMBER_MESSAGES.birthDate }).refine(realDate, MEMBER_MESSAGES.birthDate).optional());

export const joinSchema = z.object({
  yearId: z.string({ required_error: MEMBER_MESSAGES.yearId, invalid_type_error: MEMBER_MESSAGES.yearId }).trim().min(1, MEMBER_MESSAGES.yearId).max(64, MEMBER_MESSAGES.yearId),
  kind: z.enum(MEMBERSHIP_KINDS, { errorMap: () => ({ message: MEMBER_MESSAGES.kind }) }),
  riderId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ invalid_type_error: MEMBER_MESSAGES.riderId }).int(MEMBER_MESSAGES.riderId).positive(MEMBER_MESSAGES.riderId).optional(),
  ),
  birthDate: optionalBirthDate,
});
export type JoinInput = z.infer<typeof joinSchema>;

export const membershipMarkSchema = z
  .object({
    paid: z.boolean({ invalid_type_error: MEMBER_MESSAGES.paid }).optional(),
    paidMethod: z.enum(DUES_METHODS, { errorMap: () => ({ message: MEMBER_MESSAGES.paidMethod }) }).optional(),
    paidReference: z.string().trim().max(MEMBER_LIMITS.reference, MEMBER_MESSAGES.reference).optional(),
    number: z
      .string({ invalid_type_error: MEMBER_MESSAGES.number })
      .trim()
      .max(MEMBER_LIMITS.number, MEMBER_MESSAGES.number)
      .refine((v) => v === "" || NUMBER_PATTERN.test(v), MEMBER_MESSAGES.number)
      .optional(),
  })
  .refine((m) => m.paid !== true || m.paidMethod !== undefined, { message: MEMBER_MESSAGES.paidMethod, path: ["paidMethod"] })
  .refine((m) => m.paid !== true || m.paidMethod !== "CHECK" || (m.paidReference ?? "") !== "", { message: MEMBER_MESSAGES.checkNumber, path: ["paidReference"] });
export type MembershipMark = z.infer<typeof membershipMarkSchema>;

export const membershipListQuery = z.object({
  yearId: z.string().trim().min(1, MEMBER_MESSAGES.yearId).max(64, MEMBER_MESSAGES.yearId),
  status: z.enum(["PENDING", "ACTIVE"], { errorMap: () => ({ message: MEMBER_MESSAGES.status }) }).optional(),
});

/** The association whose members these are, as the member card names it. */
export const ASSOCIATION_NAME = "Cloverleaf Barrel Racing Association";

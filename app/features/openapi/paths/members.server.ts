import { joinSchema, membershipMarkSchema, membershipYearSchema, membershipYearUpdateSchema } from "~/schemas/members";
import { MessageBody, z, type Area } from "../registry.server";

/*
 * The association's members, as app/features/members/*.server.ts answers
 * them. Dues are integer cents. A member list is the office's (admins);
 * a rider sees only their own memberships.
 */

const day = z.string().openapi({ format: "date", example: "2027-01-01" });
const isoTime = z.string().openapi({ format: "date-time" });
const Kind = z.enum(["OPEN", "YOUTH", "SENIOR", "FAMILY", "NON_PRO"]);

const YearKind = z
  .object({
    kind: Kind,
    duesCents: z.number().int(),
    minAge: z.number().int().nullable().openapi({ description: "Youngest age taken, on the year's first day; null: none." }),
    maxAge: z.number().int().nullable().openapi({ description: "Oldest age taken, on the year's first day; null: none." }),
  })
  .openapi("MembershipKind");

const Year = z
  .object({
    id: z.string(),
    name: z.string(),
    startDate: day,
    endDate: day,
    kinds: z.array(YearKind),
    numberPrefix: z.string().openapi({ description: "New member numbers are this and the next free number, four digits at least (CL-0001)." }),
    closed: z.boolean().openapi({ description: "Closed to new requests to join (409); the office still marks dues. PATCH `closed: false` reopens it." }),
  })
  .openapi("MembershipYear", { description: "A membership year: a calendar year or, say, July to June." });

const membershipFields = {
  id: z.string(),
  yearId: z.string(),
  yearName: z.string().nullable(),
  validFrom: day.nullable(),
  validThrough: day.nullable(),
  userId: z.string().nullable().openapi({ description: "The account; null for an imported member who has not signed up yet." }),
  riderId: z.number().int().nullable().openapi({ description: "A rider profile the account manages; null for the account holder." }),
  name: z.string(),
  kind: Kind,
  birthDate: day.nullable(),
  status: z.enum(["PENDING", "ACTIVE"]).openapi({ description: "ACTIVE once the office marked the dues paid." }),
  number: z.string().nullable().openapi({ description: "The member number, kept from year to year." }),
  duesCents: z.number().int(),
  paidMethod: z.enum(["CASH", "CHECK", "CARD", "COMP"]).nullable(),
  paidReference: z.string().nullable(),
  paidAt: isoTime.nullable(),
  startsOn: day.nullable().openapi({ description: "The day the membership became active." }),
  claimed: z.boolean(),
};
const Membership = z.object(membershipFields).openapi("Membership");
const OfficeMembership = z.object({ ...membershipFields, email: z.string().nullable() }).openapi("OfficeMembership");

const ImportReport = MessageBody.extend({
  dryRun: z.boolean(),
  written: z.boolean(),
  created: z.number().int(),
  linked: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  lines: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      email: z.string(),
      number: z.string().nullable(),
      kind: Kind,
      paid: z.boolean(),
      paidMethod: z.enum(["CASH", "CHECK", "CARD", "COMP"]).nullable(),
      outcome: z.enum(["created", "linked"]),
    }),
  ),
}).openapi("MemberImport");

const yearQuery = z.object({ yearId: z.string().openapi({ description: "The membership year's id." }) });

/** Members: membership years and kinds, joining, dues marked, the office's list and its CSV. */
export const members: Area = (api) => {
  api.get("/api/admin/membership-years", {
    operationId: "listMembershipYears",
    summary: "Membership years",
    description: "Newest first, with their kinds and dues.",
    access: "admin",
    responses: { 200: { description: "The years.", schema: z.object({ years: z.array(Year) }) } },
  });
  api.post("/api/admin/membership-years", {
    operationId: "createMembershipYear",
    summary: "Create a membership year",
    description: "Its dates, the kinds it offers with their dues in cents and ages, and the member numbers' prefix.",
    access: "admin",
    body: membershipYearSchema,
    responses: { 201: { description: "Created.", schema: MessageBody.extend({ year: Year }) } },
  });
  api.get("/api/admin/membership-years/{id}", {
    operationId: "getMembershipYear",
    summary: "A membership year",
    access: "admin",
    params: { id: "The year's id." },
    responses: { 200: { description: "The year.", schema: z.object({ year: Year }) } },
    errors: [404],
  });
  api.patch("/api/admin/membership-years/{id}", {
    operationId: "updateMembershipYear",
    summary: "Change a membership year",
    description: "Any field of `POST`. A kind members hold cannot be dropped (409). New dates bring the members-only standings up to date.",
    access: "admin",
    params: { id: "The year's id." },
    body: membershipYearUpdateSchema,
    responses: { 200: { description: "Changed.", schema: MessageBody.extend({ year: Year }) } },
    errors: [404, 409],
  });
  api.post("/api/memberships", {
    operationId: "requestMembership",
    summary: "Ask to join",
    description: "For the year and kind (a kind's ages need `birthDate`); `riderId` for a rider profile the account manages. The office marks the dues paid. Asking again answers the request there is (200). A year the office closed is refused (409).",
    access: "user",
    body: joinSchema,
    responses: {
      201: { description: "Asked.", schema: MessageBody.extend({ membership: Membership }) },
      200: { description: "Asked before.", schema: MessageBody.extend({ membership: Membership }) },
    },
    errors: [404, 409],
  });
  api.get("/api/memberships/mine", {
    operationId: "listMyMemberships",
    summary: "My memberships",
    description: "The signed-in rider's memberships and those of the riders they manage, newest year first.",
    access: "user",
    responses: { 200: { description: "The memberships.", schema: z.object({ memberships: z.array(Membership) }) } },
  });
  api.get("/api/admin/memberships", {
    operationId: "listMemberships",
    summary: "The office's member list",
    description: "One year's memberships by name, with their emails; `status` keeps the waiting (PENDING) or the paid (ACTIVE).",
    access: "admin",
    query: yearQuery.extend({ status: z.enum(["PENDING", "ACTIVE"]).optional() }),
    responses: { 200: { description: "The list.", schema: z.object({ memberships: z.array(OfficeMembership) }) } },
    errors: [404],
  });
  api.patch("/api/admin/memberships/{id}", {
    operationId: "updateMembership",
    summary: "Mark dues paid, how, and the member number",
    description:
      "`paid: true` needs `paidMethod` (a check needs its number in `paidReference`) and makes the membership active from today (the association's calendar day, ASSOCIATION_TIME_ZONE) with the rider's number (kept from an earlier year, or the next). " +
      "`paid: false` sets it back. A number lives with its rider: a new `number` shows on every membership of theirs, every year; one another member holds, in any year, is refused (409, nothing changed). The members-only standings follow at once.",
    access: "admin",
    params: { id: "The membership's id." },
    body: membershipMarkSchema,
    responses: { 200: { description: "Marked.", schema: MessageBody.extend({ membership: OfficeMembership }) } },
    errors: [404, 409],
  });
  api.post("/api/admin/memberships/import", {
    operationId: "importMemberships",
    summary: "Import the member list (CSV)",
    description:
      "Columns `name, email, number, kind, year, paid, reference` named on a header line (number, year and reference may be left out; a check's number goes in reference). A line CSV cannot read is refused with its line number, the others read on. `dryRun=true` (the default) previews: what would be created, linked (an account has the email) and refused, with line numbers. " +
      "`dryRun=false` writes every line, or nothing at all when any line is refused (422, with the same report as the preview). Members without an account are claimed when their email signs up.",
    access: "admin",
    query: yearQuery.extend({ dryRun: z.enum(["true", "false"]).optional() }),
    body: { contentType: "text/csv", schema: z.string(), description: "The CSV file, at most 5 MB and 20,000 lines." },
    responses: {
      200: { description: "The preview.", schema: ImportReport },
      201: { description: "Imported.", schema: ImportReport },
    },
    // 422: refused lines, nothing written; the answer carries the same report beside its message.
    errors: [404, 422],
  });
  api.get("/api/admin/memberships.csv", {
    operationId: "exportMemberships",
    summary: "The member list as CSV",
    description: "The year's list in the import's columns.",
    access: "admin",
    query: yearQuery,
    responses: { 200: { description: "A CSV file (`Content-Disposition: attachment`).", contentType: "text/csv" } },
    errors: [404],
  });
};

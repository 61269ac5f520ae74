import { PAID_METHODS } from "#db/schema/paid-methods";
import { booksSettingsSchema, checkNumberSchema, checkVoidSchema, winningsQuerySchema } from "~/schemas/books";
import { z, type Area } from "../registry.server";

const event = { id: "The event's id." };
const payee = { ...event, payeeKey: "The payee's key from `GET /api/events/{id}/checks` (`u-…` an account, `w-…` a walk-up's name)." };

const cents = (description: string) => z.number().int().openapi({ description });

const PaidByMethod = z
  .object(Object.fromEntries([...PAID_METHODS, "NOT_SAID"].map((m) => [m, z.number().int()])) as Record<(typeof PAID_METHODS)[number] | "NOT_SAID", z.ZodNumber>)
  .openapi("PaidByMethod", { description: "Fees marked paid, in cents, by how they were paid; COMP is waived (no money came in); NOT_SAID was marked paid without a method." });

const BookEntry = z
  .object({
    entryId: z.string(),
    classId: z.string(),
    backNumber: z.number().int().nullable(),
    riderName: z.string(),
    horseName: z.string(),
    feeCents: z.number().int(),
    scratched: z.boolean(),
    paid: z.boolean(),
    paidMethod: z.enum(PAID_METHODS).nullable().openapi({ enum: [...PAID_METHODS, null] }),
    paidReference: z.string().nullable(),
  })
  .openapi("BookEntry");

const bookFields = {
  published: z.boolean().openapi({ description: "Results published (for the event: every class's)." }),
  entries: z.number().int().openapi({ description: "Entries not scratched." }),
  feesDueCents: cents("The fees owed by the entries not scratched."),
  paidCents: PaidByMethod,
  paidTotalCents: cents("Fees marked paid, every method."),
  collectedCents: cents("Money that came in: paid less COMP."),
  unpaidCents: cents("Fees still owed."),
  unpaid: z.array(BookEntry).openapi({ description: "The entries that still owe their fee, with names." }),
  refundCents: cents("Fees paid by entries since scratched."),
  refunds: z.array(BookEntry),
  producerShareCents: cents("The producer's share of the fees."),
  addedMoneyCents: cents("Added money."),
  potCents: cents("The pot: fees less the producer's share, plus added money."),
  paidOutCents: cents("What the placings pay after the producer's overrides (published results, or the review before publishing)."),
  paidOutDifferenceCents: cents("Paid out less the pot."),
};

const Books = z
  .object({
    event: z.object({ id: z.string(), name: z.string(), date: z.string(), endDate: z.string().nullable(), location: z.string() }),
    classes: z.array(z.object({ classId: z.string(), className: z.string(), ...bookFields })),
    totals: z.object(bookFields),
    closeOut: z
      .object({
        cashCents: z.number().int(),
        checksReceivedCents: z.number().int(),
        cardCents: z.number().int(),
        onlineCents: z.number().int(),
        notSaidCents: z.number().int(),
        compCents: z.number().int(),
        collectedCents: z.number().int(),
        refundCents: z.number().int(),
        paidOutCents: z.number().int(),
        netToProducerCents: cents("Collected less paid out: what the producer keeps once every winner is paid."),
        checksReceived: z
          .array(z.object({ entryId: z.string(), className: z.string(), riderName: z.string(), horseName: z.string(), number: z.string().nullable(), feeCents: z.number().int() }))
          .openapi({ description: "The checks taken for fees, each with its number, to deposit." }),
      })
      .openapi({ description: "The close-out sheet's figures: cash and checks to account for, what leaves in checks." }),
  })
  .openapi("EventBooks");

const Check = z.object({ number: z.string(), amountCents: z.number().int(), writtenAt: z.string(), voidedAt: z.string().nullable(), voidReason: z.string().nullable() }).openapi("Check");

const Payee = z
  .object({
    payeeKey: z.string(),
    payeeName: z.string().openapi({ description: "The rider's account name, or the walk-up's name as entered." }),
    walkUp: z.boolean(),
    totalCents: z.number().int(),
    lines: z.array(z.object({ classId: z.string(), className: z.string(), riderName: z.string(), horseName: z.string(), placing: z.string().nullable(), amountCents: z.number().int() })),
    check: Check.nullable().openapi({ description: "The check written and not voided." }),
    voided: z.array(Check),
    status: z.enum(["TO_WRITE", "WRITTEN", "DIFFERS", "NOTHING_OWED"]).openapi({ description: "DIFFERS: a correction published after the check changed what is owed." }),
    differenceCents: cents("Owed now less the check's amount (all of it when none is written)."),
  })
  .openapi("CheckPayee");

const Winnings = z
  .object({
    year: z.number().int(),
    taxFormThresholdCents: z.number().int(),
    totalCents: z.number().int(),
    taxFormsDue: z.number().int(),
    payees: z.array(
      z.object({
        payeeKey: z.string(),
        payeeName: z.string(),
        walkUp: z.boolean(),
        email: z.string().nullable(),
        events: z.number().int(),
        placings: z.number().int(),
        totalCents: z.number().int(),
        taxFormDue: z.boolean().openapi({ description: "The year's total reaches the tax form's threshold." }),
      }),
    ),
  })
  .openapi("YearWinnings");

const Settings = z.object({ taxFormThresholdCents: z.number().int() }).openapi("BooksSettings");

/** The race office's books, checks to winners and the year's winnings (docs/race-day.md, "The books"). */
export const books: Area = (api) => {
  api.get("/api/events/{id}/books", {
    operationId: "getEventBooks",
    summary: "An event's books",
    description: "Per class and for the event: fees due, paid by method, unpaid entries, the producer's share, added money, the pot and what is paid out after overrides. The producer and admins (403 for anyone else, named timers too).",
    access: "user",
    params: event,
    responses: { 200: { description: "The books.", schema: Books } },
    errors: [403, 404],
  });
  api.get("/api/events/{id}/books.csv", {
    operationId: "getEventBooksCsv",
    summary: "An event's books as CSV",
    description: "Every entry, one line each: class, back number, rider, horse, status, fee, paid, how and its reference.",
    access: "user",
    params: event,
    responses: { 200: { description: "The CSV.", contentType: "text/csv" } },
    errors: [403, 404],
  });
  api.get("/api/events/{id}/checks", {
    operationId: "getEventChecks",
    summary: "Checks to write to an event's winners",
    description: "Payees of the published results, what each class pays them, their total and the check written (producer and admins).",
    access: "user",
    params: event,
    responses: {
      200: {
        description: "The payees.",
        schema: z.object({ event: z.object({ id: z.string(), name: z.string(), date: z.string(), endDate: z.string().nullable(), location: z.string() }), payees: z.array(Payee), totalCents: z.number().int(), writtenCents: z.number().int(), toWrite: z.number().int() }),
      },
    },
    errors: [403, 404],
  });
  api.put("/api/events/{id}/checks/{payeeKey}", {
    operationId: "putEventCheck",
    summary: "Record a check's number",
    description: "The check written to the payee for what they are owed now. A number is used once per event (voided checks keep theirs): 409. Another number while a check is written: 409 (void it first). The same number again answers 200.",
    access: "user",
    params: payee,
    body: checkNumberSchema,
    responses: { 200: { description: "Already written with this number.", schema: Payee }, 201: { description: "Written.", schema: Payee } },
    errors: [404, 409],
  });
  api.post("/api/events/{id}/checks/{payeeKey}/void", {
    operationId: "voidEventCheck",
    summary: "Void a check",
    description: "With a `reason`; the check is kept, void, with its number, and the payee can be written another.",
    access: "user",
    params: payee,
    body: checkVoidSchema,
    responses: { 200: { description: "The payee with the check voided.", schema: Payee } },
    errors: [404],
  });
  api.get("/api/admin/winnings", {
    operationId: "getYearWinnings",
    summary: "A year's winnings per payee",
    description: "Each payee's total of published results of the events dated in the year, with `taxFormDue` at the threshold ($600 unless changed in settings).",
    access: "admin",
    query: winningsQuerySchema,
    responses: { 200: { description: "The report.", schema: Winnings } },
  });
  api.get("/api/admin/winnings.csv", {
    operationId: "getYearWinningsCsv",
    summary: "A year's winnings as CSV",
    access: "admin",
    query: winningsQuerySchema,
    responses: { 200: { description: "The CSV.", contentType: "text/csv" } },
  });
  api.get("/api/admin/settings", {
    operationId: "getAdminSettings",
    summary: "The office's settings",
    access: "admin",
    responses: { 200: { description: "The settings.", schema: Settings } },
  });
  api.patch("/api/admin/settings", {
    operationId: "patchAdminSettings",
    summary: "Change the office's settings",
    description: "`taxFormThresholdCents`: the yearly amount (integer cents) at which a payee gets a tax form.",
    access: "admin",
    body: booksSettingsSchema,
    responses: { 200: { description: "The settings.", schema: Settings } },
  });
};

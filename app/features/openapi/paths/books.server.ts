import { PAID_METHODS } from "#db/schema/paid-methods";
import { LEDGER_KINDS } from "#db/schema/ledger";
import { booksSettingsSchema, checkNumberSchema, checkVoidSchema, payeeJoinSchema, payeeUnjoinSchema, winningsQuerySchema } from "~/schemas/books";
import { closeDaySchema, ledgerPostSchema, ledgerQuerySchema, ledgerReverseSchema, moneyRulesSchema } from "~/schemas/ledger";
import { MessageBody, z, type Area } from "../registry.server";

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
    dueCents: cents("What it should pay now: its fee (an exhibition run's exhibition fee) and late fee, or what the scratch policy keeps of a scratch."),
    paidNetCents: cents("What the ledger holds for it: fees, comps and late fees less refunds."),
    balanceCents: cents("Due less paid: above 0 it owes this, below 0 it is owed this back."),
  })
  .openapi("BookEntry");

const Taker = z
  .object({
    takenBy: z.string().nullable(),
    takenByName: z.string(),
    cashCents: cents("Cash taken less cash refunded."),
    checksCents: z.number().int(),
    cardCents: z.number().int(),
    onlineCents: z.number().int(),
    notSaidCents: z.number().int(),
    compsCents: z.number().int(),
    refundsCents: z.number().int(),
    records: z.number().int(),
  })
  .openapi("TakerCloseOut");

const bookFields = {
  published: z.boolean().openapi({ description: "Results published (for the event: every class's)." }),
  entries: z.number().int().openapi({ description: "Entries not scratched." }),
  feesDueCents: cents("The fees owed by the entries not scratched."),
  paidCents: PaidByMethod,
  paidTotalCents: cents("Fees marked paid, every method."),
  collectedCents: cents("Money that came in: paid less COMP."),
  unpaidCents: cents("Fees still owed."),
  unpaid: z.array(BookEntry).openapi({ description: "The entries that still owe their fee, with names." }),
  refundCents: cents("What entries are owed back (a scratch's refund under the policy, a fee lowered after it was paid)."),
  refunds: z.array(BookEntry),
  refundsCents: cents("Refunds paid out (ledger)."),
  lateFeesCents: cents("Late fees received (ledger); never in the pot."),
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
    totals: z.object({ ...bookFields, chargesCents: cents("Office and arena charges; never in the pot.") }),
    refundsCents: cents("Refunds paid out, from the ledger."),
    lateFeesCents: cents("Late fees received, from the ledger."),
    chargesCents: cents("Office and arena charges received, from the ledger."),
    jackpotSharePercent: z.number().nullable().openapi({ description: "The share of the fees the pot counted that went to the jackpot (pot less added money), to a tenth; null with no fees." }),
    jackpotMinimumPercent: z.number().int().openapi({ description: "80, or 70 with $1,000 or more added." }),
    jackpotBelowMinimum: z.boolean(),
    byTaker: z.array(Taker).openapi({ description: "Every record by who took the money: each person's box." }),
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

const Check = z
  .object({ number: z.string(), amountCents: z.number().int(), writtenAt: z.string(), voidedAt: z.string().nullable(), voidReason: z.string().nullable(), cashedAt: z.string().nullable().openapi({ description: "When the office marked it cashed: a cashed check never goes stale." }) })
  .openapi("Check");

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
    stale: z.boolean().optional().openapi({ description: "In the list: owed and not written since the results were published, or written and neither cashed nor voided, for the setting's days (60 unless changed)." }),
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

const LedgerRecord = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEDGER_KINDS),
    amountCents: cents("A reversal carries the opposite amount of the record it reverses; a REFUND's amount is the money given back."),
    method: z.enum(PAID_METHODS).nullable().openapi({ enum: [...PAID_METHODS, null] }),
    reference: z.string().nullable(),
    reason: z.string().nullable(),
    label: z.string().nullable(),
    entryId: z.string().nullable(),
    classId: z.string().nullable(),
    payeeName: z.string().nullable(),
    reversesId: z.number().int().nullable(),
    takenByName: z.string(),
    device: z.string().nullable(),
    day: z.string().openapi({ description: "YYYY-MM-DD in the event's zone: the close-out's day." }),
    carried: z.boolean().openapi({ description: "Carried in from the paid marks when the ledger began." }),
    recordedAt: z.string(),
  })
  .openapi("LedgerRecord");

const CloseOutDay = z
  .object({
    day: z.string(),
    byTaker: z.array(Taker),
    cashCents: z.number().int(),
    checksCents: z.number().int(),
    cardCents: z.number().int(),
    onlineCents: z.number().int(),
    notSaidCents: z.number().int(),
    compsCents: z.number().int(),
    refundsCents: z.number().int(),
    records: z.number().int(),
    checksReceived: z.array(z.object({ id: z.number().int(), reference: z.string().nullable(), amountCents: z.number().int(), takenByName: z.string() })),
    closed: z.boolean(),
    closedAt: z.string().nullable(),
    closedByName: z.string().nullable(),
    history: z.array(z.object({ closedAt: z.string(), closedByName: z.string(), throughRecordId: z.number().int(), reopenedAt: z.string().nullable(), reopenedByRecordId: z.number().int().nullable(), reopenReason: z.string().nullable() })),
  })
  .openapi("CloseOutDay");

const Receipt = z
  .object({
    entryId: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    eventDate: z.string(),
    className: z.string(),
    riderName: z.string(),
    horseName: z.string(),
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
    records: z.array(z.object({ id: z.number().int(), kind: z.enum(LEDGER_KINDS), amountCents: z.number().int(), method: z.string().nullable(), reference: z.string().nullable(), label: z.string().nullable(), takenByName: z.string(), recordedAt: z.string(), reason: z.string().nullable() })),
  })
  .openapi("Receipt");

const Settings = z.object({ taxFormThresholdCents: z.number().int(), staleCheckDays: z.number().int() }).openapi("BooksSettings");

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
  api.post("/api/events/{id}/checks/{payeeKey}/cashed", {
    operationId: "cashEventCheck",
    summary: "Mark a check cashed",
    description: "The payee's written check was cashed (the bank statement says so): it is no longer counted toward stale. Marking it again answers it as it is.",
    access: "user",
    params: payee,
    responses: { 200: { description: "The payee with the check cashed.", schema: Payee } },
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

  api.post("/api/admin/payee-links", {
    operationId: "joinPayee",
    summary: "Join a walk-up payee to an account",
    description: "`walkUpName` as the office entered it (one payee whatever its capitals and spaces) and the `email` of the rider's account: the year's winnings count the walk-up's placings as that account's. An event's checks keep the payee each was written to. Joining again moves the join.",
    access: "admin",
    body: payeeJoinSchema,
    responses: { 200: { description: "Joined.", schema: MessageBody.extend({ walkUpKey: z.string(), payeeKey: z.string(), payeeName: z.string() }) } },
    errors: [404],
  });
  api.delete("/api/admin/payee-links", {
    operationId: "unjoinPayee",
    summary: "Undo a walk-up payee's join",
    description: "`walkUpName`: the walk-up's winnings are its own payee again.",
    access: "admin",
    body: payeeUnjoinSchema,
    responses: { 200: { description: "Undone.", schema: MessageBody.extend({ walkUpKey: z.string() }) } },
    errors: [404],
  });

  // The ledger: money records, close-outs by day, a rider's receipts.
  api.get("/api/events/{id}/ledger", {
    operationId: "getEventLedger",
    summary: "An event's money records",
    description: "Every record, newest first: fees, refunds, late fees, charges, comps, checks written and voided, each with who took it, when, on which device. `since` keeps those written after an instant. The producer and admins (403 for named timers and anyone else).",
    access: "user",
    params: event,
    query: ledgerQuerySchema,
    responses: { 200: { description: "The records.", schema: z.object({ records: z.array(LedgerRecord.extend({ reversed: z.boolean() })) }) } },
    errors: [403, 404],
  });
  api.post("/api/events/{id}/ledger", {
    operationId: "postEventLedger",
    summary: "Write a money record",
    description:
      "`kind` FEE, REFUND, LATE_FEE, CHARGE (with a `label`) or COMP; `entryId` (any but a charge); `amountCents` (a FEE or COMP without one takes what the entry owes, a REFUND without one what the scratch policy offers; a refund of another amount needs a `reason`); `method`, `reference` (a check's number); `payeeName`, who a charge with no entry is for. A record for a closed day reopens it.",
    access: "user",
    params: event,
    body: ledgerPostSchema,
    responses: { 201: { description: "The record.", schema: LedgerRecord } },
    errors: [404, 409],
  });
  api.post("/api/events/{id}/ledger/{recordId}/reverse", {
    operationId: "reverseEventLedgerRecord",
    summary: "Reverse a money record",
    description: "A new record with the opposite amount and the `reason`; nothing is edited or deleted. A record is reversed once; checks are voided from the checks.",
    access: "user",
    params: { ...event, recordId: "The record's id." },
    body: ledgerReverseSchema,
    responses: { 201: { description: "The reversing record.", schema: LedgerRecord } },
    errors: [404, 409],
  });
  api.get("/api/events/{id}/closeouts", {
    operationId: "getEventCloseouts",
    summary: "An event's close-outs by day",
    description: "Each day money was recorded: cash, checks, card, online, comps and refunds by who took them, closed or open, with every close and reopening; the checks to write and the producer's share.",
    access: "user",
    params: event,
    responses: { 200: { description: "The days.", schema: z.object({ days: z.array(CloseOutDay), checksToWriteCents: z.number().int(), producerShareCents: z.number().int() }) } },
    errors: [403, 404],
  });
  api.post("/api/events/{id}/closeouts", {
    operationId: "closeEventDay",
    summary: "Close a day",
    description: "`day` (YYYY-MM-DD): its figures kept as they stand. A day already closed answers 200 as it is; a day with no records 409.",
    access: "user",
    params: event,
    body: closeDaySchema,
    responses: { 200: { description: "Already closed.", schema: CloseOutDay }, 201: { description: "Closed.", schema: CloseOutDay } },
    errors: [404, 409],
  });
  const MoneyRules = z
    .object({
      beforeDraw: z.enum(["FULL", "LESS_FEE"]).openapi({ description: "A scratch before the draw: refunded in FULL, or LESS_FEE (less `scratchOfficeFeeCents`)." }),
      scratchOfficeFeeCents: cents("The office's fee kept of a scratch before the draw (LESS_FEE)."),
      afterDrawPercent: z.number().int().openapi({ description: "The whole percent of the fee refunded for a scratch after the draw (0: none)." }),
      turnOutOwes: z.boolean().openapi({ description: "A turn-out (a no-show) owes its fee." }),
      lateFeeCents: cents("Per entry made after entries close, kept out of the pot."),
    })
    .openapi("MoneyRules", { description: "An event's scratch policy and late fee. An event never set has FULL, 0, 0, true, 0." });
  api.get("/api/events/{id}/money-rules", {
    operationId: "getEventMoneyRules",
    summary: "An event's scratch policy and late fee",
    description: "What the books and the hub use to say what a scratch, a turn-out or a late entry owes, and the refund a scratch is offered.",
    access: "user",
    params: event,
    responses: { 200: { description: "The rules.", schema: MoneyRules } },
    errors: [403, 404],
  });
  api.put("/api/events/{id}/money-rules", {
    operationId: "putEventMoneyRules",
    summary: "Set an event's scratch policy and late fee",
    description: "All five at once. Money already recorded stays as it was; what stopped and late entries owe follows the new rules from now on.",
    access: "user",
    params: event,
    body: moneyRulesSchema,
    responses: { 200: { description: "The rules now.", schema: MoneyRules } },
    errors: [403, 404],
  });
  api.get("/api/me/receipts", {
    operationId: "getMyReceipts",
    summary: "My receipts",
    description: "Each of the signed-in rider's entries with a money record: what was paid, when, how, to whom, and any refund.",
    access: "user",
    responses: { 200: { description: "The receipts.", schema: z.object({ receipts: z.array(Receipt) }) } },
  });
};

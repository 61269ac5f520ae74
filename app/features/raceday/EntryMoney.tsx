import { Form } from "@remix-run/react";
import { centsToDollarsText, formatCents } from "./time";

export type EntryMoneyFigures = { dueCents: number; netCents: number; balanceCents: number; offeredRefundCents: number };

/**
 * What the opened entry owes or is owed back now, and the office's forms to
 * settle it as a record: Collect what a paid entry still owes (a fee raised
 * since, a late fee), or Refund what the scratch policy offers (another
 * amount with a reason). Nothing shows when it is settled.
 */
export function EntryMoney({
  money,
  hidden,
  paid,
  methods,
  refused,
}: {
  money: EntryMoneyFigures;
  hidden: React.ReactNode;
  paid: boolean;
  /** The "Paid by" select and reference fields, named paidMethod and paidReference. */
  methods: (id: string, label: string) => React.ReactNode;
  refused: { intent: string; values: Record<string, string> } | null;
}) {
  const owes = paid && money.balanceCents > 0;
  const refund = money.offeredRefundCents > 0 || money.balanceCents < 0;
  if (!owes && !refund) return null;
  const typed = (intent: string, name: string) => (refused?.intent === intent ? refused.values[name] : undefined);
  return (
    <div className="space-y-3" data-testid="entry-money">
      <h4 className="font-bold text-gray-900">Money</h4>
      {owes ? (
        <Form method="post" preventScrollReset className="space-y-2">
          {hidden}
          <p className="text-sm text-gray-800">
            {`Owes ${formatCents(money.balanceCents)} more: paid ${formatCents(money.netCents)} of ${formatCents(money.dueCents)}.`}
          </p>
          {methods("collect", "Paid by")}
          <button type="submit" name="intent" value="entry-collect" className="btn-primary">
            {`Collect ${formatCents(money.balanceCents)}`}
          </button>
        </Form>
      ) : null}
      {refund ? (
        <Form key={refused?.intent === "entry-refund" ? "refused" : `refund-${money.offeredRefundCents}`} method="post" preventScrollReset className="space-y-2">
          {hidden}
          <p className="text-sm text-gray-800">
            {`Paid ${formatCents(money.netCents)}; the scratch policy offers ${formatCents(money.offeredRefundCents)} back.`}
          </p>
          <div>
            <label htmlFor="refund-amount" className="label">
              Refund ($)
            </label>
            <input id="refund-amount" name="amount" inputMode="decimal" className="input" defaultValue={typed("entry-refund", "amount") ?? centsToDollarsText(money.offeredRefundCents)} />
          </div>
          {methods("refund", "Paid back by")}
          <div>
            <label htmlFor="refund-reason" className="label">
              Reason
            </label>
            <input id="refund-reason" name="reason" className="input" autoComplete="off" maxLength={200} defaultValue={typed("entry-refund", "reason")} aria-describedby="refund-reason-hint" />
            <p id="refund-reason-hint" className="mt-1 text-xs text-gray-700">
              Needed when the refund is not what the policy offers.
            </p>
          </div>
          <button type="submit" name="intent" value="entry-refund" className="btn-secondary">
            Record Refund
          </button>
        </Form>
      ) : null}
    </div>
  );
}

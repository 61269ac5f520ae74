import { Form } from "@remix-run/react";
import { FieldErrors } from "~/components/Field";
import { methodLabel } from "./labels";

type Refusal = { values: Record<string, string>; errors: Record<string, string> } | null;

/** How a charge can be paid: money that came in (a comp is not a charge). */
const METHODS = ["CASH", "CHECK", "CARD", "ONLINE"] as const;

/**
 * An office or arena charge (a stall, a pen, the office fee), taken on the
 * books as a ledger record: its label, who it is for, the amount and how it
 * was paid. Charges are kept out of the pot.
 */
export function ChargeForm({ refused }: { refused: Refusal }) {
  const typed = refused?.values;
  const error = (name: string) => (refused?.errors[name] ? [refused.errors[name]!] : undefined);
  const aria = (name: string) => ({ "aria-invalid": refused?.errors[name] ? true : undefined, "aria-describedby": refused?.errors[name] ? `charge-${name}-error` : undefined });
  return (
    <section aria-labelledby="charge-title" className="card print-hidden space-y-3" data-testid="charge-form">
      <div>
        <h3 id="charge-title" className="text-lg font-bold text-gray-900">
          Office or arena charge
        </h3>
        <p className="text-sm text-gray-700">A stall, a pen or the office fee, taken now: it is a record in the books and the day&apos;s close-out, never in the pot.</p>
      </div>
      <Form key={refused ? "refused" : "new"} method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="charge" />
        <div>
          <label htmlFor="charge-label" className="label">
            What for
          </label>
          <input id="charge-label" name="label" className="input" maxLength={60} placeholder="Stall" defaultValue={typed?.label} {...aria("label")} />
          <FieldErrors id="charge-label-error" errors={error("label")} />
        </div>
        <div>
          <label htmlFor="charge-payee" className="label">
            For whom (optional)
          </label>
          <input id="charge-payee" name="payeeName" className="input" maxLength={80} autoComplete="off" defaultValue={typed?.payeeName} {...aria("payeeName")} />
          <FieldErrors id="charge-payeeName-error" errors={error("payeeName")} />
        </div>
        <div>
          <label htmlFor="charge-amount" className="label">
            Amount ($)
          </label>
          <input id="charge-amount" name="amount" inputMode="decimal" className="input" defaultValue={typed?.amount} {...aria("amount")} />
          <FieldErrors id="charge-amount-error" errors={error("amount")} />
        </div>
        <div className="flex gap-2">
          <div className="flex-1">
            <label htmlFor="charge-method" className="label">
              Paid by
            </label>
            <select id="charge-method" name="method" className="input" defaultValue={typed?.method ?? "CASH"} {...aria("method")}>
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex-1">
            <label htmlFor="charge-reference" className="label">
              Check # or reference
            </label>
            <input id="charge-reference" name="reference" className="input" maxLength={40} autoComplete="off" defaultValue={typed?.reference} {...aria("reference")} />
          </div>
        </div>
        <FieldErrors id="charge-method-error" errors={error("method")} />
        <FieldErrors id="charge-reference-error" errors={error("reference")} />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto">
            Record Charge
          </button>
        </div>
      </Form>
    </section>
  );
}

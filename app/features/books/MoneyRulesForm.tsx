import { Form } from "@remix-run/react";
import { FieldErrors } from "~/components/Field";
import { centsToDollarsText } from "~/features/raceday/time";
import type { ScratchPolicy } from "./ledger";

type Rules = ScratchPolicy & { lateFeeCents: number };
type Refusal = { values: Record<string, string>; errors: Record<string, string> } | null;

/**
 * The event's scratch policy and late fee, on the books: what a scratch
 * before and after the draw is refunded, whether a turn-out owes, and the fee
 * per late entry. Money already recorded stays as it was.
 */
export function MoneyRulesForm({ rules, refused }: { rules: Rules; refused: Refusal }) {
  const typed = refused?.values;
  const error = (name: string) => (refused?.errors[name] ? [refused.errors[name]!] : undefined);
  const aria = (name: string, hint?: string) => ({
    "aria-invalid": refused?.errors[name] ? true : undefined,
    "aria-describedby": [hint, refused?.errors[name] ? `${name}-error` : null].filter(Boolean).join(" ") || undefined,
  });
  const beforeDraw = typed?.beforeDraw ?? rules.beforeDraw;
  return (
    <section aria-labelledby="money-rules-title" className="card print-hidden space-y-3" data-testid="money-rules">
      <div>
        <h3 id="money-rules-title" className="text-lg font-bold text-gray-900">
          Scratch policy and late fee
        </h3>
        <p className="text-sm text-gray-700">The refund the hub offers a scratch, and what a turn-out or a late entry owes. Money already taken stays as it was recorded.</p>
      </div>
      {/* Keyed by the rules saved: after a save the fields show them as stored ("5.00"), not as typed. */}
      <Form key={JSON.stringify(rules)} method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="money-rules" />
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="label">A scratch before the draw</legend>
          <label className="flex min-h-[44px] items-center gap-2">
            <input type="radio" name="beforeDraw" value="FULL" defaultChecked={beforeDraw !== "LESS_FEE"} className="h-5 w-5" />
            Refunded in full
          </label>
          <label className="flex min-h-[44px] items-center gap-2">
            <input type="radio" name="beforeDraw" value="LESS_FEE" defaultChecked={beforeDraw === "LESS_FEE"} className="h-5 w-5" />
            Refunded less the office&apos;s fee
          </label>
          <FieldErrors id="beforeDraw-error" errors={error("beforeDraw")} />
        </fieldset>
        <div>
          <label htmlFor="officeFee" className="label">
            Office&apos;s fee for a scratch ($)
          </label>
          <input id="officeFee" name="officeFee" inputMode="decimal" className="input" defaultValue={typed?.officeFee ?? centsToDollarsText(rules.scratchOfficeFeeCents)} {...aria("officeFee", "officeFee-hint")} />
          <p id="officeFee-hint" className="mt-1 text-sm text-gray-600">
            Kept when a scratch before the draw is refunded less the fee.
          </p>
          <FieldErrors id="officeFee-error" errors={error("officeFee")} />
        </div>
        <div>
          <label htmlFor="afterDrawPercent" className="label">
            A scratch after the draw: part refunded (%)
          </label>
          <input id="afterDrawPercent" name="afterDrawPercent" inputMode="numeric" className="input" defaultValue={typed?.afterDrawPercent ?? String(rules.afterDrawPercent)} {...aria("afterDrawPercent", "afterDrawPercent-hint")} />
          <p id="afterDrawPercent-hint" className="mt-1 text-sm text-gray-600">
            0 for none, 100 for all of it.
          </p>
          <FieldErrors id="afterDrawPercent-error" errors={error("afterDrawPercent")} />
        </div>
        <div>
          <label htmlFor="lateFee" className="label">
            Late fee per entry after entries close ($)
          </label>
          <input id="lateFee" name="lateFee" inputMode="decimal" className="input" defaultValue={typed?.lateFee ?? centsToDollarsText(rules.lateFeeCents)} {...aria("lateFee", "lateFee-hint")} />
          <p id="lateFee-hint" className="mt-1 text-sm text-gray-600">
            Kept out of the pot.
          </p>
          <FieldErrors id="lateFee-error" errors={error("lateFee")} />
        </div>
        <label className="flex min-h-[44px] items-center gap-2 self-end">
          <input type="checkbox" name="turnOutOwes" defaultChecked={typed ? typed.turnOutOwes === "on" : rules.turnOutOwes} className="h-5 w-5" />
          A turn-out (a no-show) owes its fee
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto">
            Save Scratch Policy
          </button>
        </div>
      </Form>
    </section>
  );
}

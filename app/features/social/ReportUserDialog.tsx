import { Form } from "@remix-run/react";
import { useState } from "react";
import { Dialog } from "~/components/Dialog";
import { REPORT_DESCRIPTION_MAX } from "~/schemas/constants";
import { USER_REPORT_LABELS as LABELS, USER_REPORT_REASONS } from "~/schemas/social";

/** Report a rider: a reason (required) and up to 500 characters, with a counter. */
export function ReportUserDialog({ name, closeHref, error }: { name: string; closeHref: string; error?: string | null }) {
  const [text, setText] = useState("");
  return (
    <Dialog open title={`Report ${name}`} labelledBy="report-title">
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="report" />
        <fieldset>
          <legend className="label">Reason</legend>
          {USER_REPORT_REASONS.map((r) => (
            <label key={r} className="flex min-h-[40px] items-center gap-2">
              <input type="radio" name="reason" value={r} className="h-5 w-5 accent-brand-700" />
              {LABELS[r]}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div>
          <label htmlFor="report-description" className="label">
            Details (optional)
          </label>
          <textarea id="report-description" name="description" rows={3} maxLength={REPORT_DESCRIPTION_MAX} value={text} onChange={(e) => setText(e.target.value)} className="input" aria-describedby="report-count" />
          <p id="report-count" className="mt-1 text-right text-sm text-gray-600">
            {text.length}/{REPORT_DESCRIPTION_MAX}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary flex-1">
            Submit Report
          </button>
          <a data-discover href={closeHref} className="btn-secondary flex-1">
            Cancel
          </a>
        </div>
      </Form>
    </Dialog>
  );
}

import { ActionButton, Cell } from "../ui";

/** What the two report tabs share: the reason with its description, the review buttons, the status words. */

export const STATUS_LABELS: Record<"PENDING" | "DISMISSED" | "ACTION_TAKEN", string> = {
  PENDING: "Pending",
  DISMISSED: "Dismissed",
  ACTION_TAKEN: "Action taken",
};

export const ReasonCell = ({ reason, description }: { reason: string; description: string | null }) => (
  <Cell wide>
    <strong>{reason}</strong>
    {description ? <p className="mt-1 text-gray-700">{description}</p> : null}
  </Cell>
);

/** Only a pending report shows these; the server refuses a second answer anyway. */
export const ReviewButtons = ({ intent, reportId }: { intent: "review-user-report" | "review-event-report"; reportId: number }) => (
  <>
    <ActionButton label="Dismiss" hidden={{ intent, reportId: String(reportId), status: "DISMISSED" }} />
    <ActionButton label="Action Taken" hidden={{ intent, reportId: String(reportId), status: "ACTION_TAKEN" }} />
  </>
);

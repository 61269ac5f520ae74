import { Form } from "@remix-run/react";
import { useId, useRef, type ReactNode } from "react";

type Props = {
  /** The trigger's text: "Delete", "Ban User", "Remove". */
  label: string;
  /** The trigger's accessible name when its text alone is ambiguous in a list ("Remove Lily"). */
  name?: string;
  /** What will happen, said plainly, shown before anything is done. */
  question: ReactNode;
  /** The confirming button; "Yes, <label>" unless given. */
  confirmLabel?: string;
  /** The form's fields: its intent and the record's id. */
  hidden: Record<string, string>;
  /** Where the form posts; the current route unless given. */
  action?: string;
  /** Open as rendered by the server: after a refused attempt the question stays in view with its error. */
  open?: boolean;
  error?: string;
  /** Extra fields the confirmation needs (a password). */
  children?: ReactNode;
  /** "danger" deletes or ends something; "caution" is a wide but reversible act (an announcement to all). */
  tone?: "danger" | "caution";
  /**
   * Trigger styling: "button" stands alone, "block" takes the width, "compact"
   * sits in a table row; there, below 1024 px (where the table may scroll
   * sideways), the question opens as a panel above the bottom bar so it is
   * always whole in view.
   */
  size?: "button" | "compact" | "block";
  className?: string;
};

const TRIGGER = {
  button: "btn",
  compact: "btn min-h-[44px] px-3 py-1 text-sm",
  block: "btn w-full",
};

/**
 * The one way a destructive action asks first. A <details> element: the
 * trigger opens the question and the confirming form in place, and the same
 * trigger (now reading "Cancel") closes it. It needs no JavaScript, keeps
 * the page where it is, and can be rendered open by the server to show why
 * an attempt was refused. With JavaScript, focus moves into the question
 * and Escape closes it.
 */
export function ConfirmAction({
  label,
  name,
  question,
  confirmLabel = `Yes, ${label.toLowerCase()}`,
  hidden,
  action,
  open,
  error,
  children,
  tone = "danger",
  size = "button",
  className = "",
}: Props) {
  const details = useRef<HTMLDetailsElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const questionId = `${id}-q`;
  const errorId = `${id}-e`;
  const danger = tone === "danger";
  const close = () => {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  };
  return (
    <details
      ref={details}
      open={open || undefined}
      className={`group/confirm ${className}`}
      onToggle={(e) => {
        if (!e.currentTarget.open) return;
        const first = panel.current?.querySelector<HTMLElement>("input:not([type=hidden]), button[type=submit]");
        first?.focus();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && details.current?.open) {
          e.preventDefault();
          close();
        }
      }}
    >
      <summary
        aria-label={name}
        className={`${TRIGGER[size]} confirm-trigger ${danger ? "confirm-trigger-danger" : "confirm-trigger-caution"}`}
      >
        <span className="group-open/confirm:hidden">{label}</span>
        <span className="hidden group-open/confirm:inline">Cancel</span>
      </summary>
      <div
        ref={panel}
        role="group"
        aria-labelledby={questionId}
        className={`confirm-panel ${danger ? "confirm-panel-danger" : "confirm-panel-caution"}${size === "compact" ? " confirm-panel-docked" : ""}`}
      >
        <p id={questionId} className={`font-medium ${danger ? "text-red-900" : "text-amber-950"}`}>
          {question}
        </p>
        <Form
          method="post"
          action={action}
          preventScrollReset
          className="mt-3 space-y-2"
        >
          {Object.entries(hidden).map(([field, value]) => (
            <input key={field} type="hidden" name={field} value={value} />
          ))}
          {children}
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              aria-describedby={error ? errorId : undefined}
              className={`btn text-white ${danger ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
            >
              {confirmLabel}
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}

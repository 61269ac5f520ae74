import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A destructive action asks first: the row's link opens ?confirm=<key>, and
 * the tab shows this panel above its list, whose form does the work. Plain
 * links and forms, so it works the same with and without JavaScript, and
 * the question is in view on a phone.
 */
export function ConfirmLink({ href, label }: { href: string; label: string }) {
  return (
    <Link to={href} preventScrollReset className="btn min-h-[40px] border border-red-300 bg-white px-3 py-1 text-sm text-red-800 hover:bg-red-50">
      {label}
    </Link>
  );
}

export function ConfirmPanel({
  label,
  question,
  hidden,
  cancelHref,
}: {
  label: string;
  question: ReactNode;
  hidden: Record<string, string>;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  return (
    <div role="alertdialog" aria-label={label} className="sticky top-16 z-20 mb-3 rounded-xl border border-red-300 bg-red-50 p-4 shadow">
      <p className="font-medium text-red-900">{question}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={navigation.state !== "idle"}>
            Yes, {label.toLowerCase()}
          </button>
        </Form>
        <Link to={cancelHref} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </div>
  );
}

/** A small button form carrying an intent and hidden fields. */
export function ActionButton({ label, hidden, tone = "neutral" }: { label: string; hidden: Record<string, string>; tone?: "neutral" | "good" }) {
  const cls =
    tone === "good"
      ? "btn min-h-[40px] bg-green-700 px-3 py-1 text-sm text-white hover:bg-green-800"
      : "btn-secondary min-h-[40px] px-3 py-1 text-sm";
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={cls}>
        {label}
      </button>
    </Form>
  );
}

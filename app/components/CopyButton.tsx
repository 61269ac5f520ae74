import { showToast } from "~/components/Toaster";
import { useHydrated } from "~/lib/useHydrated";

/**
 * Copies `text` to the clipboard. Only once JavaScript runs: without it
 * nothing can copy, so the page shows the link in a field the rider selects
 * (a button that does nothing is worse than none). Where the Clipboard API
 * is missing (a page served over plain http), the field named `fieldId` is
 * selected and copied the older way.
 */
export function CopyButton({ text, fieldId, label = "Copy", className = "btn-secondary" }: { text: string; fieldId?: string; label?: string; className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else {
        const field = fieldId ? (document.getElementById(fieldId) as HTMLInputElement | null) : null;
        field?.select();
        if (!field || !document.execCommand("copy")) throw new Error("copy refused");
      }
      showToast({ type: "success", title: "Link copied!" });
    } catch {
      showToast({ type: "error", title: "Failed to copy", description: "Please try again" });
    }
  };
  return (
    <button type="button" className={className} onClick={copy}>
      {label}
    </button>
  );
}

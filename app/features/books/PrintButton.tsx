import { useHydrated } from "~/lib/useHydrated";

/** "Print" with JavaScript; without it, how to print from the browser (the page is laid out for paper either way). */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-gray-700">Print this page with your browser&apos;s Print (Ctrl+P, or Share then Print on a phone).</p>;
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      {label}
    </button>
  );
}

import { useEffect, useRef, useState } from "react";
import type { Toast } from "~/lib/toast";

const TOAST_DURATION_MS = 5000;
const TOAST_EVENT = "app:toast";

/** Shows a toast from the browser (after a fetcher or a copy to the clipboard). */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/**
 * One toast at a time: shown for 5 s, dismissible, and
 * reachable with F8. Without JavaScript it simply stays on the page.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [current, setCurrent] = useState(toast);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => setCurrent(toast), [toast]);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  useEffect(() => {
    const onToast = (e: Event) => setCurrent((e as CustomEvent<Toast>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-3 md:justify-end"
    >
      <div role="status" aria-live="polite" className="w-full md:max-w-[420px]">
        {current ? <ToastCard toast={current} onClose={() => setCurrent(null)} /> : null}
      </div>
    </div>
  );
}

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const tone =
    toast.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-white text-gray-900";
  return (
    <div className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg ${tone}`} data-testid="toast">
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
      <button type="button" onClick={onClose} className="-m-2 min-h-[44px] min-w-[44px] text-xl" aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal that is present in the server HTML when `open` (so it works
 * without JavaScript) and traps focus with the native <dialog> once
 * JavaScript runs.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  labelledBy = "dialog-title",
}: {
  open: boolean;
  title: string;
  onClose?: () => void;
  children: ReactNode;
  labelledBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.hasAttribute("data-modal")) {
      dialog.close();
      dialog.showModal();
      dialog.setAttribute("data-modal", "");
    }
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
      className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-5 shadow-xl backdrop:bg-black/50"
    >
      <h2 id={labelledBy} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
}

import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Dialog } from "~/components/Dialog";

type ResendResult = { resent?: boolean; resendError?: string };

/**
 * "Email Verification Required". Resend posts to the login action
 * (intent "resend"), so it works with or without JavaScript.
 */
export function EmailVerificationDialog({
  email,
  open,
  onClose,
  onResult,
}: {
  email: string;
  open: boolean;
  onClose?: () => void;
  onResult?: (result: ResendResult) => void;
}) {
  const fetcher = useFetcher<ResendResult>();
  const pending = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onResult?.(fetcher.data);
  }, [fetcher.state, fetcher.data, onResult]);

  return (
    <Dialog open={open} title="Email Verification Required" onClose={onClose}>
      <div className="space-y-3 text-gray-800">
        <p>
          We sent a verification email to <strong className="break-all">{email}</strong> from our no-reply
          address. Please check your inbox and spam/junk folders, then click the link to complete your
          registration.
        </p>
        <div className="rounded-lg bg-brand-50 p-3 text-sm">
          <p className="font-semibold">Didn&apos;t get it?</p>
          <ul className="mt-1 list-disc pl-5">
            <li>Check your spam or junk folder</li>
            <li>Make sure the email address is correct</li>
            <li>Wait a few minutes for it to arrive</li>
          </ul>
        </div>
      </div>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <fetcher.Form method="post" action="/login" className="flex-1">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? "Sending..." : "Resend Email"}
          </button>
        </fetcher.Form>
        {/* A link without JavaScript (back to a fresh login page), a close button with it. */}
        <a data-discover
          href="/login"
          className="btn-secondary flex-1"
          onClick={(e) => {
            if (!onClose) return;
            e.preventDefault();
            onClose();
          }}
        >
          Cancel
        </a>
      </div>
    </Dialog>
  );
}

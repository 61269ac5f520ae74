import { useEffect, useState } from "react";
import { useShellUser } from "~/lib/useShellUser";
import { showToast } from "./Toaster";

type Props = { type: "event" | "run-log"; id: string; title: string; origin?: string };

/**
 * SPEC.md "Share menu": Copy Link, Facebook, X, Email, View Shared Link, and
 * the phone's share sheet where the browser has one. A <details> list of
 * plain links, so it opens and works without JavaScript; copying and the
 * share sheet are added once JavaScript runs.
 */
export function ShareMenu({ type, id, title, origin = "" }: Props) {
  const shell = useShellUser();
  const path = `/share/${type}/${id}`;
  const [base, setBase] = useState(origin);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setBase(window.location.origin);
    setCanShare(typeof navigator.share === "function");
  }, []);
  const url = `${base}${path}`;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: "Link copied!" });
    } catch {
      showToast({ type: "error", title: "Failed to copy", description: "Please try again" });
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      if ((error as Error).name !== "AbortError") showToast({ type: "error", title: type === "event" ? "Failed to share event. Please try again." : "Failed to copy link" });
    }
  }

  const item = "flex min-h-[44px] w-full items-center px-4 text-left text-gray-900 hover:bg-gray-50 focus:bg-gray-50";
  return (
    <details className="group relative">
      <summary className="btn-secondary w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden" aria-label={`Share ${title}`}>
        Share
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-56 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 shadow-lg" role="menu">
        {canShare ? (
          <button type="button" className={item} onClick={share} role="menuitem">
            Share via…
          </button>
        ) : null}
        {base ? (
          <button type="button" className={item} onClick={copy} role="menuitem">
            Copy Link
          </button>
        ) : null}
        <a className={item} role="menuitem" href={`https://www.facebook.com/sharer/sharer.php?u=${u}`} target="_blank" rel="noopener noreferrer">
          Facebook
        </a>
        <a className={item} role="menuitem" href={`https://twitter.com/intent/tweet?url=${u}&text=${t}`} target="_blank" rel="noopener noreferrer">
          X
        </a>
        <a className={item} role="menuitem" href={`mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}`}>
          Email
        </a>
        <a className={item} role="menuitem" href={path}>
          View Shared Link
        </a>
        {/* A Private rider sending to a rider would name them to that rider: they share by link. */}
        {shell?.isPrivate ? null : (
          <a className={item} role="menuitem" href={`/share-with/${type}/${id}`}>
            Send to a Rider
          </a>
        )}
      </div>
    </details>
  );
}

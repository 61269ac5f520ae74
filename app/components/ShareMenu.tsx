import { useHydrated } from "~/lib/useHydrated";
import { useShellUser } from "~/lib/useShellUser";
import { showToast } from "./Toaster";

type Props = { type: "event" | "run-log"; id: string; title: string; origin?: string; /** A page of its own to share (a race's results) instead of /share/{type}/{id}. */ path?: string };

/**
 * The share menu: Copy Link, Facebook, X, Email, View Shared Link, and
 * the phone's share sheet where the browser has one. A <details> list of
 * plain links, so it opens and works without JavaScript; copying and the
 * share sheet are added once JavaScript runs. All card menus of a page share
 * one `name`, so opening one closes the other (they would overlap).
 */
export function ShareMenu({ type, id, title, origin = "", path: ownPath }: Props) {
  const shell = useShellUser();
  const path = ownPath ?? `/share/${type}/${id}`;
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === "function";
  const url = `${hydrated ? window.location.origin : origin}${path}`;
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

  return (
    <details name="card-menu" className="relative">
      <summary className="menu-trigger" aria-label={`Share ${title}`}>
        Share
      </summary>
      <div className="menu" role="menu">
        {canShare ? (
          <button type="button" className="menu-item" onClick={share} role="menuitem">
            Share via…
          </button>
        ) : null}
        {hydrated ? (
          <button type="button" className="menu-item" onClick={copy} role="menuitem">
            Copy Link
          </button>
        ) : (
          // Without JavaScript nothing can copy for the rider: the link is shown, selected on focus.
          <label className="menu-label">
            Link to copy
            <input readOnly value={url} className="input mt-1 text-sm" onFocus={(e) => e.currentTarget.select()} />
          </label>
        )}
        <a className="menu-item" role="menuitem" href={`https://www.facebook.com/sharer/sharer.php?u=${u}`} target="_blank" rel="noopener noreferrer">
          Facebook
        </a>
        <a className="menu-item" role="menuitem" href={`https://twitter.com/intent/tweet?url=${u}&text=${t}`} target="_blank" rel="noopener noreferrer">
          X
        </a>
        <a className="menu-item" role="menuitem" href={`mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}`}>
          Email
        </a>
        <a className="menu-item" role="menuitem" href={path}>
          View Shared Link
        </a>
        {/* A Private rider sending to a rider would name them to that rider: they share by link. A page of its own is shared by link too. */}
        {shell?.isPrivate || ownPath ? null : (
          <a className="menu-item" role="menuitem" href={`/share-with/${type}/${id}`}>
            Send to a Rider
          </a>
        )}
      </div>
    </details>
  );
}

import { useFetcher } from "@remix-run/react";

export type FollowState = { isFollowing: boolean; hasPendingRequest: boolean; targetMode: "SOLO" | "INVITE_ONLY" | "PUBLIC" };

/**
 * Follow (PUBLIC), Send Request (INVITE_ONLY, on a profile) or Request
 * (elsewhere), Pending, Following. Posts to the profile's action, so it
 * works without JavaScript; with it the label changes at once. Unfollowing
 * an Invite Only rider ends access that only their approval gives back, so
 * in a list "Following" leads to their profile, where FollowControl asks
 * first (and Discover's JavaScript stays without the confirmation's).
 */
export function FollowButton({
  userId,
  name,
  state,
  onProfile = true,
  redirectTo,
}: {
  userId: string;
  name: string;
  state: FollowState;
  onProfile?: boolean;
  redirectTo?: string;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const following = pending ? pending === "follow" && state.targetMode === "PUBLIC" : state.isFollowing;
  const requested = pending ? pending === "follow" && state.targetMode !== "PUBLIC" : state.hasPendingRequest;
  const label = following ? "Following" : requested ? "Pending" : state.targetMode === "PUBLIC" ? "Follow" : onProfile ? "Send Request" : "Request";
  const intent = following || requested ? "unfollow" : "follow";
  const hint = following ? "Unfollow" : requested ? "Cancel follow request" : undefined;
  if (following && !pending && state.targetMode === "INVITE_ONLY") {
    return (
      <a data-discover href={`/profile/${userId}`} className="btn-secondary" aria-label={`Following ${name}: open profile`}>
        Following
      </a>
    );
  }
  return (
    <fetcher.Form method="post" action={`/profile/${userId}`} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" title={hint} aria-label={hint ? `${label}: ${hint.toLowerCase()}` : undefined} className={following || requested ? "btn-secondary" : "btn-primary"}>
        {label}
      </button>
    </fetcher.Form>
  );
}

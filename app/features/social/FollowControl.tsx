import { ConfirmAction } from "~/components/ConfirmAction";
import { FollowButton, type FollowState } from "./FollowButton";

/**
 * The follow control of a profile. Unfollowing an Invite Only rider ends
 * access that only their approval gives back, so "Following" asks first.
 */
export function FollowControl({ userId, name, state }: { userId: string; name: string; state: FollowState }) {
  if (state.isFollowing && state.targetMode === "INVITE_ONLY") {
    return (
      <ConfirmAction
        label="Following"
        name={`Following ${name}: unfollow`}
        tone="caution"
        action={`/profile/${userId}`}
        question={`Unfollow ${name}? ${name} approves who follows them: to see their profile and runs again you would send a new request.`}
        confirmLabel="Yes, unfollow"
        hidden={{ intent: "unfollow" }}
      />
    );
  }
  return <FollowButton userId={userId} name={name} state={state} />;
}

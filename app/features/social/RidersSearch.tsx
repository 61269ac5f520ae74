import { Form } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { RADIUS_OPTIONS } from "~/schemas/constants";
import { FollowButton, type FollowState } from "./FollowButton";
import type { ListedUser } from "./presenters.server";

/** `follow` is null for a Private (SOLO) viewer, who cannot follow. */
export type RiderResult = ListedUser & { follow: Omit<FollowState, "targetMode"> | null };

/**
 * Riders search on Discover: by name, or ZIP and radius. A GET form, so it
 * works without JavaScript; results link to profiles and offer a follow button.
 */
export function RidersSearch({
  values,
  results,
  error,
  back,
}: {
  values: { riders?: string; ridersZip?: string; ridersRadius?: string };
  results: RiderResult[] | null;
  error: string | null;
  back: string;
}) {
  return (
    // Folded until used, so Discover's events come first on a phone; open while it shows results.
    <details className="card group space-y-3 p-0" open={Boolean(results || error)}>
      <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between px-4 [&::-webkit-details-marker]:hidden">
        <h2 className="text-lg font-bold text-gray-900">Find riders</h2>
        <span aria-hidden className="text-brand-800 group-open:rotate-180">▾</span>
      </summary>
      <div className="space-y-3 px-4 pb-4">
        <Form method="get" className="space-y-2" role="search" aria-label="Riders search">
          <div>
            <label htmlFor="riders-q" className="label">
              Name
            </label>
            <input id="riders-q" name="riders" defaultValue={values.riders ?? ""} className="input" autoComplete="off" />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor="riders-zip" className="label">
                ZIP (optional)
              </label>
              <input id="riders-zip" name="ridersZip" defaultValue={values.ridersZip ?? ""} inputMode="numeric" maxLength={5} className="input" />
            </div>
            <div>
              <label htmlFor="riders-radius" className="label">
                Within
              </label>
              <select id="riders-radius" name="ridersRadius" defaultValue={values.ridersRadius ?? "50"} className="input">
                {RADIUS_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {r} miles
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1">
              Search Riders
            </button>
            {results || error ? (
              <a data-discover href="/" className="btn-secondary flex-1">
                Clear Search
              </a>
            ) : null}
          </div>
        </Form>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {results ? (
          results.length === 0 ? (
            <p className="text-gray-700">No users found</p>
          ) : (
            <ul className="max-h-[200px] divide-y divide-gray-100 overflow-y-auto" aria-label="Riders found">
              {results.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-2 py-2">
                  <a data-discover href={`/profile/${r.id}`} className="flex min-h-[44px] min-w-0 items-center gap-3">
                    <Avatar name={r.firstName} src={r.profileImageUrl} />
                    <span className="truncate font-medium text-gray-900">
                      {r.firstName} {r.lastName ?? ""}
                    </span>
                  </a>
                  {r.follow && r.privacyMode !== "SOLO" ? (
                    <FollowButton userId={r.id} name={r.firstName} state={{ ...r.follow, targetMode: r.privacyMode }} onProfile={false} redirectTo={back} />
                  ) : null}
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </details>
  );
}

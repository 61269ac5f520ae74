import { Avatar } from "~/components/Avatar";
import { Dialog } from "~/components/Dialog";
import type { ListedUser } from "./presenters.server";

/** The followers or following list of a profile, opened by ?list= (works without JavaScript). */
export function PeopleDialog({ which, people, closeHref }: { which: "followers" | "following"; people: ListedUser[]; closeHref: string }) {
  return (
    <Dialog open title={which === "followers" ? "Followers" : "Following"} labelledBy="people-title">
      {people.length === 0 ? (
        <p className="text-gray-700">{which === "followers" ? "No followers yet" : "Not following anyone yet"}</p>
      ) : (
        <ul className="max-h-80 divide-y divide-gray-100 overflow-y-auto">
          {people.map((p) => (
            <li key={p.id}>
              <a data-discover href={`/profile/${p.id}`} className="flex min-h-[44px] items-center gap-3 py-2">
                <Avatar name={p.firstName} src={p.profileImageUrl} />
                <span className="font-medium text-gray-900">
                  {p.firstName} {p.lastName ?? ""}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <a data-discover href={closeHref} className="btn-secondary mt-4 w-full">
        Close
      </a>
    </Dialog>
  );
}

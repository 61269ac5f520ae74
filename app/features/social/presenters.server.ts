import type { User } from "#db/schema";

type Listed = Pick<User, "id" | "firstName" | "lastName" | "profileImageUrl" | "homeZipCode" | "privacyMode">;

/**
 * A person in a list (search results, followers, following) as the viewer
 * may see them: everything for a PUBLIC rider, the viewer themself or a
 * rider the viewer follows; the first name only for an INVITE_ONLY rider
 * they do not follow. Callers never pass SOLO riders (they are never listed).
 */
export function presentListedUser(person: Listed, fullView: boolean) {
  if (!fullView) {
    return { id: person.id, firstName: person.firstName, lastName: null, profileImageUrl: null, homeZipCode: null, privacyMode: person.privacyMode };
  }
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    profileImageUrl: person.profileImageUrl,
    homeZipCode: person.homeZipCode,
    privacyMode: person.privacyMode,
  };
}
export type ListedUser = ReturnType<typeof presentListedUser>;

import type { User } from "#db/schema";

/**
 * The signed-in user's own view of their account. An explicit list of
 * fields, so the password hash can never leave by accident.
 */
export function presentCurrentUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    homeZipCode: user.homeZipCode,
    profileImageUrl: user.profileImageUrl,
    riderType: user.riderType,
    favoriteHorse: user.favoriteHorse,
    division: user.division,
    bio: user.bio,
    privacyMode: user.privacyMode,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    emailVerifiedAt: user.emailVerifiedAt,
    searchRadius: user.searchRadius,
    notificationsEnabled: user.notificationsEnabled,
    createdAt: user.createdAt,
  };
}
export type CurrentUser = ReturnType<typeof presentCurrentUser>;

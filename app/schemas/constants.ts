/** Limits and enumerations of the data and the screens, shared by client and server. */
export const APP_VERSION = "1.0.0";
export const APP_NAME = "Cloverleaf";
export const APP_TAGLINE = "Find barrel races near you. Log every run. Watch your horse improve.";
/** A Private (SOLO) rider following or sending to a rider would name them to that rider. */
export const SOLO_STAYS_PRIVATE = "Your profile is Private: choose Invite Only or Public in Settings to follow riders.";

export const SUPPORT_EMAIL = "support@cloverleaf.app";

/** A five-digit ZIP code the gazetteer does not know (00000, 99999): said the same wherever a ZIP code is typed. */
export const UNKNOWN_ZIP = "We could not find that ZIP code.";
export const PASSWORD_MIN = 8;
export const BIO_MAX = 150;
export const REPORT_DESCRIPTION_MAX = 500;
export const REASON_MAX = 100;
/** A cancelled or postponed event's reason, shown on its card: a sentence, not a letter. */
export const STATUS_REASON_MAX = 200;
export const PLACEMENT_MAX = 20;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const RIDER_TYPES = ["Competitor", "Parent", "Trainer", "Producer"] as const;
export const DIVISIONS = ["Youth", "Adult/Prime", "Open", "Senior/Masters", "Pro"] as const;
export const PRIVACY_MODES = ["SOLO", "INVITE_ONLY", "PUBLIC"] as const;
export type PrivacyMode = (typeof PRIVACY_MODES)[number];

export const PRIVACY_LABELS: Record<PrivacyMode, { label: string; description: string }> = {
  SOLO: { label: "Private", description: "For personal use only" },
  INVITE_ONLY: {
    label: "Invite Only",
    description: "Approve who sees your profile & watches your runs",
  },
  PUBLIC: {
    label: "Public",
    description: "Profile is open to all users & run logs can be selectively made private",
  },
};

export const RADIUS_OPTIONS = [25, 50, 100, 200] as const;
export const DEFAULT_RADIUS = 50;

export const EVENT_TYPES = [
  "barrel_racing",
  "rodeo",
  "futurity",
  "open_show",
  "pole_bending",
  "youth_rodeo",
] as const;

export const RUN_TAGS = ["clean-run", "hit-barrel", "missed-time", "placed-cashed"] as const;

/** "9+" above nine, the number otherwise, nothing at zero. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/** Follow requests read the same wherever they show: notification, toasts, answers. */
export const FOLLOW_REQUEST_WORDS = {
  title: "Follow request",
  asks: "wants to follow you.",
  sent: "Follow request sent",
  approved: "Follow request approved",
  declined: "Follow request declined",
} as const;

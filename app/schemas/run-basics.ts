import { RUN_TAGS } from "./constants";

/*
 * The few run log words and patterns every part of the run screens needs
 * (the list, the shared run page, the offline queue), apart from the form's
 * rules in run-rules.ts, so those parts do not load the form's code.
 */

export type RunTag = (typeof RUN_TAGS)[number];

export const TAG_LABELS: Record<RunTag, string> = {
  "clean-run": "Clean run",
  "hit-barrel": "Hit barrel",
  "missed-time": "Missed time",
  "placed-cashed": "Placed / cashed",
};

/** A run off pattern: it has no time, places nowhere and never counts as a best. */
export const NO_TIME = "NT";

/** A run's time as riders read it: "15.482s", "NT", or a dash when none was logged. */
export const formatRunTime = (time: string | null | undefined) => (!time ? "—" : time === NO_TIME ? NO_TIME : `${time}s`);

/** A tag as a rider reads it; an unknown code (from an older version) as it is. */
export const tagLabel = (tag: string) => TAG_LABELS[tag as RunTag] ?? tag;

/** Nobody but the owner sees a Private (SOLO) rider's runs. */
export const SOLO_RUNS_PRIVATE = "Your profile is Private, so only you see your runs. To share a run, choose Invite Only or Public in Settings.";

/** A video stored by the upload mechanism (app/lib/uploads.server.ts). */
export const UPLOADED_VIDEO = /^\/uploads\/[A-Za-z0-9_-]{22}\.[a-z0-9]+$/;

/** The most public runs a profile lists (a page at a time: CARD_PAGE in app/lib/paging.ts). */
export const PUBLIC_RUNS_LIMIT = 100;
export type PublicRunSort = "recent" | "fastest";

/** Run log query parameters that open one thing once (the form, an edit, a question); a redirect or a new link drops them. */
export const ONE_OFF_PARAMS = { new: null, edit: null, delete: null, index: null } as const;

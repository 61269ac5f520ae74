import type { Db } from "~/lib/db.server";
import { previewOf } from "~/lib/uploads.server";
import {
  invitationStats,
  listEventReports,
  listEventsPage,
  listPendingShowbills,
  listPublicRunsPage,
  listUserReports,
  searchUsers,
} from "./admin.server";
import { listAudit } from "./audit.server";
import { listPendingRevisions } from "~/features/events/revisions.server";
import { tabOf, type TabId } from "./tabs";

const query = (url: URL) => url.searchParams.get("q") ?? "";
/** A paged tab's page from `?page=`, whole: 1 when it is missing, not a number or below 1; at most a million (past any list's end). */
const pageOf = (url: URL) => Math.min(Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1), 1_000_000);

/**
 * What each tab shows. Only the open tab's data is read, so the dashboard
 * stays quick with 100k users; a new tab is one entry here and one file
 * under tabs/.
 */
const loaders = {
  users: (db: Db, url: URL) => ({
    ...searchUsers(db, query(url), pageOf(url)),
    q: query(url),
    manage: url.searchParams.get("manage"),
  }),
  "reported-users": (db: Db) => listUserReports(db),
  "reported-events": (db: Db) => listEventReports(db),
  // Review works from the 480 px preview; the full file opens on demand.
  showbills: (db: Db) => ({
    events: listPendingShowbills(db).map((e) => ({ ...e, preview: previewOf(e.showbillUrl) })),
    revisions: listPendingRevisions(db),
  }),
  events: (db: Db, url: URL) => ({ ...listEventsPage(db, pageOf(url), query(url)), q: query(url) }),
  runs: (db: Db, url: URL) => ({ ...listPublicRunsPage(db, pageOf(url), query(url)), q: query(url) }),
  invites: (db: Db) => ({ stats: invitationStats(db) }),
  notifications: (db: Db, url: URL) => ({ q: query(url), candidates: query(url) ? searchUsers(db, query(url), 1).users : [] }),
  audit: (db: Db) => ({ entries: listAudit(db) }),
} satisfies Record<TabId, (db: Db, url: URL) => object>;

export type TabData<T extends TabId> = { tab: T } & ReturnType<(typeof loaders)[T]>;
export type AnyTabData = { [T in TabId]: TabData<T> }[TabId];

/** The open tab (from `?tab=`) and its data. */
export function loadAdminTab(db: Db, url: URL): AnyTabData {
  const tab = tabOf(url);
  const load = loaders[tab] as (db: Db, url: URL) => object;
  return { tab, ...load(db, url) } as AnyTabData;
}

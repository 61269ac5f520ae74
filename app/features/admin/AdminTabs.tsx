import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TabData } from "~/routes/admin";
import { ActionButton, ConfirmLink, ConfirmPanel } from "./ConfirmForm";

export const TABS = [
  { id: "users", label: "User Management" },
  { id: "reported-users", label: "Reported Users" },
  { id: "reported-events", label: "Reported Events" },
  { id: "showbills", label: "Pending Showbills" },
  { id: "events", label: "Event Moderation" },
  { id: "runs", label: "Run Log Visibility" },
  { id: "invites", label: "Invitation Stats" },
  { id: "notifications", label: "Notifications" },
] as const;
export type TabId = (typeof TABS)[number]["id"] | "audit";

const date = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }) : "—";
const person = (p: { firstName: string | null; lastName: string | null } | null) =>
  p ? `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim() : "—";

/** The confirm=... link for one row, keeping the tab and search. */
function hrefWith(search: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  return `?${next}`;
}

function Table({ head, children, empty }: { head: string[]; children: ReactNode[]; empty: string }) {
  if (children.length === 0) return <p className="card text-gray-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-black/5">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 align-top">{children}</tbody>
      </table>
    </div>
  );
}

const Cell = ({ children }: { children: ReactNode }) => <td className="px-3 py-2">{children}</td>;

const ReasonCell = ({ reason, description }: { reason: string; description: string | null }) => (
  <Cell>
    <strong>{reason}</strong>
    {description ? <p className="mt-1 max-w-xs text-gray-700">{description}</p> : null}
  </Cell>
);

/** Only a pending report shows these; the server refuses a second answer anyway. */
const ReviewButtons = ({ intent, reportId }: { intent: "review-user-report" | "review-event-report"; reportId: number }) => (
  <>
    <ActionButton label="Dismiss" hidden={{ intent, reportId: String(reportId), status: "DISMISSED" }} />
    <ActionButton label="Action Taken" hidden={{ intent, reportId: String(reportId), status: "ACTION_TAKEN" }} />
  </>
);
const Status = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) => (
  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${ok ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>{ok ? yes : no}</span>
);

export function AdminTabContent({ data, confirm, search }: { data: TabData; confirm: string | null; search: URLSearchParams }) {
  const openConfirm = (key: string) => hrefWith(search, { confirm: key });
  const cancelHref = hrefWith(search, { confirm: null });
  const banPanel = (user: { id: string; email: string } | undefined) =>
    user ? (
      <ConfirmPanel
        label="Ban User"
        question={`Ban ${user.email}? Their sessions end now and the email cannot register again.`}
        hidden={{ intent: "ban", userId: user.id }}
        cancelHref={cancelHref}
      />
    ) : null;

  switch (data.tab) {
    case "users":
      return (
        <div className="space-y-3">
          <Form method="get" className="flex gap-2" role="search">
            <input type="hidden" name="tab" value="users" />
            <label htmlFor="admin-user-q" className="sr-only">
              Search users by email or name
            </label>
            <input id="admin-user-q" name="q" defaultValue={data.q} placeholder="Email or name" className="input max-w-md" />
            <button type="submit" className="btn-primary">
              Search
            </button>
          </Form>
          {banPanel(data.users.find((u) => confirm === `ban:${u.id}`))}
          <ManageUser user={data.users.find((u) => u.id === search.get("manage"))} closeHref={hrefWith(search, { manage: null })} />
          <Table head={["Name", "Email", "Status", "Joined", "Actions"]} empty="No users found">
            {data.users.map((u) => (
              <tr key={u.id}>
                <Cell>
                  {person(u)} {u.isAdmin ? <Status ok yes="Admin" no="" /> : null}
                </Cell>
                <Cell>
                  <span className="break-all">{u.email}</span>
                </Cell>
                <Cell>
                  <Status ok={u.isActive} yes="Active" no="Banned" />
                </Cell>
                <Cell>{date(u.createdAt)}</Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    {!u.isAdmin && u.isActive ? <ConfirmLink href={openConfirm(`ban:${u.id}`)} label="Ban User" /> : null}
                    <Link to={hrefWith(search, { manage: u.id, confirm: null })} preventScrollReset className="btn-secondary min-h-[40px] px-3 py-1 text-sm">
                      Manage
                    </Link>
                  </div>
                </Cell>
              </tr>
            ))}
          </Table>
          <div className="flex justify-between">
            {data.page > 1 ? (
              <Link className="btn-secondary" to={hrefWith(search, { page: String(data.page - 1), confirm: null })}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            {data.hasMore ? (
              <Link className="btn-secondary" to={hrefWith(search, { page: String(data.page + 1), confirm: null })}>
                Next
              </Link>
            ) : null}
          </div>
        </div>
      );

    case "reported-users":
      return (
        <div className="space-y-4">
          {banPanel(
            data.pending
              .filter((r) => confirm === `ban:${r.reportedUserId}`)
              .map((r) => ({ id: r.reportedUserId, email: r.reportedUser.email }))[0],
          )}
          <h2 className="text-lg font-bold">Pending reports</h2>
          <Table head={["Reported user", "Reason", "Reporter", "Date", "Actions"]} empty="No pending user reports">
            {data.pending.map((r) => (
              <tr key={r.id}>
                <Cell>
                  {person(r.reportedUser)}
                  <br />
                  <span className="break-all text-gray-600">{r.reportedUser.email}</span>
                </Cell>
                <ReasonCell reason={r.reason} description={r.description} />
                <Cell>{person(r.reporter)}</Cell>
                <Cell>{date(r.createdAt)}</Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    <ReviewButtons intent="review-user-report" reportId={r.id} />
                    {r.reportedUser.isActive && !r.reportedUser.isAdmin ? <ConfirmLink href={openConfirm(`ban:${r.reportedUserId}`)} label="Ban User" /> : null}
                  </div>
                </Cell>
              </tr>
            ))}
          </Table>
          <h2 className="text-lg font-bold">Recently processed (latest 5)</h2>
          <Table head={["Reported user", "Reason", "Status", "Reviewed"]} empty="No processed user reports">
            {data.processed.map((r) => (
              <tr key={r.id}>
                <Cell>{person(r.reportedUser)}</Cell>
                <Cell>{r.reason}</Cell>
                <Cell>{r.status}</Cell>
                <Cell>{date(r.reviewedAt)}</Cell>
              </tr>
            ))}
          </Table>
        </div>
      );

    case "reported-events":
      return (
        <div className="space-y-4">
          <h2 className="text-lg font-bold">Pending reports</h2>
          <Table head={["Event", "Reason", "Reporter", "Date", "Actions"]} empty="No pending event reports">
            {data.pending.map((r) => (
              <tr key={r.id}>
                <Cell>
                  <Link className="link" to={`/share/event/${r.eventId}`}>
                    {r.event.name}
                  </Link>
                  <br />
                  <span className="text-gray-600">
                    {r.event.date} · {r.event.location}
                  </span>
                </Cell>
                <ReasonCell reason={r.reason} description={r.description} />
                <Cell>{person(r.reporter)}</Cell>
                <Cell>{date(r.createdAt)}</Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    <ReviewButtons intent="review-event-report" reportId={r.id} />
                  </div>
                </Cell>
              </tr>
            ))}
          </Table>
          <h2 className="text-lg font-bold">Processed</h2>
          <Table head={["Event", "Reason", "Status", "Reviewed"]} empty="No processed event reports">
            {data.processed.map((r) => (
              <tr key={r.id}>
                <Cell>{r.event.name}</Cell>
                <Cell>{r.reason}</Cell>
                <Cell>{r.status}</Cell>
                <Cell>{date(r.reviewedAt)}</Cell>
              </tr>
            ))}
          </Table>
        </div>
      );

    case "showbills":
      return data.events.length === 0 ? (
        <p className="card text-gray-700">No showbills waiting for review</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {data.events.map((e) => (
            <li key={e.id} className="card space-y-2">
              {e.showbillUrl && !/\.pdf($|\?)/i.test(e.showbillUrl) ? (
                <img src={e.showbillUrl} alt={`Showbill for ${e.name}`} width={400} height={300} loading="lazy" className="aspect-[4/3] w-full rounded-lg bg-gray-100 object-contain" />
              ) : (
                <a className="link" href={e.showbillUrl ?? "#"} target="_blank" rel="noreferrer">
                  Open showbill (PDF)
                </a>
              )}
              <p className="font-bold">{e.name}</p>
              <p className="text-sm text-gray-700">
                {e.date} · {e.location} · by {person(e.creator)}
              </p>
              <div className="flex gap-2">
                <ActionButton tone="good" label="Approve" hidden={{ intent: "showbill", eventId: e.id, approved: "true" }} />
                <ActionButton label="Reject" hidden={{ intent: "showbill", eventId: e.id, approved: "false" }} />
              </div>
            </li>
          ))}
        </ul>
      );

    case "events": {
      const doomed = data.events.find((e) => confirm === `delete-event:${e.id}`);
      return (
        <>
        {doomed ? (
          <ConfirmPanel label="Delete Event" question={`Delete “${doomed.name}”? Saves and reports of it go too.`} hidden={{ intent: "delete-event", eventId: doomed.id }} cancelHref={cancelHref} />
        ) : null}
        <p className="mb-2 text-sm text-gray-700">Events without a showbill file wait here as Pending until approved.</p>
        <div className="max-h-[500px] overflow-y-auto" data-testid="event-moderation-panel">
          <Table head={["Event", "Date", "Creator", "Status", "Actions"]} empty="No events yet">
            {data.events.map((e) => (
              <tr key={e.id}>
                <Cell>
                  <Link className="link" to={`/share/event/${e.id}`}>
                    {e.name}
                  </Link>
                  <br />
                  <span className="text-gray-600">{e.location}</span>
                </Cell>
                <Cell>{e.date}</Cell>
                <Cell>
                  {person(e.creator)}
                  <br />
                  <span className="break-all text-gray-600">{e.creator?.email}</span>
                </Cell>
                <Cell>
                  <Status ok={e.showbillApproved} yes="Approved" no={e.showbillReviewedAt ? "Rejected" : "Pending"} />
                </Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    {!e.showbillApproved ? <ActionButton tone="good" label="Approve" hidden={{ intent: "showbill", eventId: e.id, approved: "true" }} /> : null}
                    <Link to={`/events/${e.id}/edit`} className="btn-secondary min-h-[40px] px-3 py-1 text-sm">
                      Edit
                    </Link>
                    <ConfirmLink href={openConfirm(`delete-event:${e.id}`)} label="Delete" />
                  </div>
                </Cell>
              </tr>
            ))}
          </Table>
        </div>
        </>
      );
    }

    case "runs": {
      const doomed = data.runs.find((r) => confirm === `delete-run:${r.id}`);
      return (
        <>
        {doomed ? (
          <ConfirmPanel label="Delete Run Log" question={`Delete ${person(doomed.user)}'s run at ${doomed.arenaName} for good?`} hidden={{ intent: "delete-run", runId: doomed.id }} cancelHref={cancelHref} />
        ) : null}
        <Table head={["Rider", "Arena", "Time", "Notes", "Date", "Actions"]} empty="No public run logs">
          {data.runs.map((r) => (
            <tr key={r.id}>
              <Cell>
                {person(r.user)}
                <br />
                <span className="break-all text-gray-600">{r.user.email}</span>
              </Cell>
              <Cell>{r.arenaName}</Cell>
              <Cell>{r.time ?? "—"}</Cell>
              <Cell>
                <span className="line-clamp-2 max-w-xs">{r.notes}</span>
                {r.videoUrl ? (
                  <a className="link" href={r.videoUrl} target="_blank" rel="noreferrer">
                    Video
                  </a>
                ) : null}
              </Cell>
              <Cell>{date(r.createdAt)}</Cell>
              <Cell>
                <ConfirmLink href={openConfirm(`delete-run:${r.id}`)} label="Delete" />
              </Cell>
            </tr>
          ))}
        </Table>
        </>
      );
    }

    case "invites":
      return (
        <Table head={["User", "Email", "Shares", "Signups", "Success rate"]} empty="No invitations yet">
          {data.stats.map((s) => (
            <tr key={s.userId}>
              <Cell>{person(s)}</Cell>
              <Cell>
                <span className="break-all">{s.email}</span>
              </Cell>
              <Cell>{s.totalShares}</Cell>
              <Cell>{s.totalSignups}</Cell>
              <Cell>{s.successRate}%</Cell>
            </tr>
          ))}
        </Table>
      );

    case "notifications":
      return (
        <div className="grid gap-4 lg:grid-cols-2">
          <Form method="post" className="card space-y-3">
            <h2 className="text-lg font-bold">Send an announcement</h2>
            <div>
              <label htmlFor="n-title" className="label">
                Title
              </label>
              <input id="n-title" name="title" required maxLength={120} className="input" />
            </div>
            <div>
              <label htmlFor="n-message" className="label">
                Message
              </label>
              <textarea id="n-message" name="message" required maxLength={1000} rows={4} className="input" />
            </div>
            <fieldset>
              <legend className="label">Send to</legend>
              <p className="text-sm text-gray-700">Tick riders from the search on the right to send only to them.</p>
              {data.candidates.map((u) => (
                <label key={u.id} className="flex min-h-[44px] items-center gap-2">
                  <input type="checkbox" name="userIds" value={u.id} className="h-5 w-5 accent-brand-700" />
                  {person(u)} <span className="break-all text-gray-600">{u.email}</span>
                </label>
              ))}
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="notify-all" className="btn-primary">
                Send to all users
              </button>
              <button type="submit" name="intent" value="notify-selected" className="btn-secondary">
                Send to selected users
              </button>
            </div>
          </Form>
          <Form method="get" className="card space-y-2" role="search">
            <input type="hidden" name="tab" value="notifications" />
            <h2 className="text-lg font-bold">Find riders</h2>
            <label htmlFor="n-q" className="label">
              Email or name
            </label>
            <div className="flex gap-2">
              <input id="n-q" name="q" defaultValue={data.q} className="input" />
              <button type="submit" className="btn-secondary">
                Search
              </button>
            </div>
            {data.q && data.candidates.length === 0 ? <p className="text-gray-700">No users found</p> : null}
          </Form>
        </div>
      );

    case "audit":
      return (
        <Table head={["When", "Admin", "Action", "Record"]} empty="No administrator actions yet">
          {data.entries.map((e) => (
            <tr key={e.id}>
              <Cell>{new Date(e.createdAt).toLocaleString("en-US")}</Cell>
              <Cell>
                <span className="break-all">{e.actorEmail ?? "—"}</span>
              </Cell>
              <Cell>{e.action}</Cell>
              <Cell>
                {e.targetType} {e.targetId}
              </Cell>
            </tr>
          ))}
        </Table>
      );
  }
}

/** Password and email changes for one user, opened by its row's Manage link. */
function ManageUser({ user, closeHref }: { user: { id: string; email: string; firstName: string; lastName: string } | undefined; closeHref: string }) {
  if (!user) return null;
  return (
    <section aria-label={`Manage ${user.email}`} className="card space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">
          {person(user)} <span className="break-all font-normal text-gray-600">{user.email}</span>
        </h2>
        <Link to={closeHref} preventScrollReset className="btn-ghost">
          Close
        </Link>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Form method="post" className="space-y-1" preventScrollReset>
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="userId" value={user.id} />
          <label className="label" htmlFor="admin-new-password">
            New password (at least 6 characters)
          </label>
          <div className="flex gap-2">
            <input id="admin-new-password" name="newPassword" type="password" autoComplete="new-password" className="input" />
            <button type="submit" className="btn-secondary whitespace-nowrap">
              Reset Password
            </button>
          </div>
        </Form>
        <Form method="post" className="space-y-1" preventScrollReset>
          <input type="hidden" name="intent" value="change-email" />
          <input type="hidden" name="userId" value={user.id} />
          <label className="label" htmlFor="admin-new-email">
            New email
          </label>
          <div className="flex gap-2">
            <input id="admin-new-email" name="newEmail" type="text" inputMode="email" className="input" />
            <button type="submit" className="btn-secondary whitespace-nowrap">
              Change Email
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}

import { Form } from "@remix-run/react";
import { ConfirmAction } from "~/components/ConfirmAction";
import { PASSWORD_MIN } from "~/schemas/constants";
import type { TabData } from "../tabs.server";
import { ActionButton, Cell, DateCell, EmailText, hrefWith, Pager, person, Status, Table, TabSearch } from "../ui";

type User = TabData<"users">["users"][number];

/** The ban and unban controls of one user, shared with Reported Users. */
export function BanControl({ user }: { user: { id: string; email: string; isActive: boolean; isAdmin: boolean } }) {
  if (user.isAdmin) return null;
  return user.isActive ? (
    <ConfirmAction
      label="Ban User"
      name={`Ban ${user.email}`}
      size="compact"
      question={`Ban ${user.email}? Their sessions end now and the email cannot register again until an administrator unbans it.`}
      hidden={{ intent: "ban", userId: user.id }}
    />
  ) : (
    <ActionButton label="Unban" name={`Unban ${user.email}`} hidden={{ intent: "unban", userId: user.id }} />
  );
}

export function UsersTab({ data, search }: { data: TabData<"users">; search: URLSearchParams }) {
  const managed = data.users.find((u) => u.id === data.manage);
  return (
    <div className="space-y-3">
      <TabSearch tab="users" q={data.q} label="Search users by email or name" placeholder="Email or name" />
      {managed ? <ManageUser user={managed} closeHref={hrefWith(search, { manage: null })} /> : null}
      <Table head={["Name", "Email", "Status", "Joined", "Actions"]} empty="No users found">
        {data.users.map((u) => (
          <tr key={u.id}>
            <Cell>
              {person(u)} {u.isAdmin ? <Status ok yes="Admin" no="" /> : null}
            </Cell>
            <Cell>
              <EmailText email={u.email} />
            </Cell>
            <Cell>
              <Status ok={u.isActive} yes="Active" no="Banned" />
            </Cell>
            <DateCell value={u.createdAt} />
            <Cell wide>
              <div className="flex flex-wrap items-start gap-2">
                <BanControl user={u} />
                <a data-discover href={hrefWith(search, { manage: u.id })} data-keep-scroll className="btn-secondary px-3 py-1 text-sm" aria-label={`Manage ${u.email}`}>
                  Manage
                </a>
              </div>
            </Cell>
          </tr>
        ))}
      </Table>
      <Pager page={data.page} hasMore={data.hasMore} search={search} />
    </div>
  );
}

/** Password and email changes for one user, opened by its row's Manage link. */
function ManageUser({ user, closeHref }: { user: User; closeHref: string }) {
  return (
    <section aria-label={`Manage ${user.email}`} className="card space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="min-w-0 font-bold [overflow-wrap:anywhere]">
          {person(user)} <span className="font-normal text-gray-600">{user.email}</span>
        </h2>
        <a data-discover href={closeHref} data-keep-scroll className="btn-ghost">
          Close
        </a>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Form method="post" className="space-y-1" preventScrollReset>
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="userId" value={user.id} />
          <label className="label" htmlFor="admin-new-password">
            {`New password (at least ${PASSWORD_MIN} characters)`}
          </label>
          <div className="flex gap-2">
            <input
              id="admin-new-password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN}
              required
              aria-describedby="admin-new-password-hint"
              className="input"
            />
            <button type="submit" className="btn-secondary whitespace-nowrap">
              Reset Password
            </button>
          </div>
          <p id="admin-new-password-hint" className="text-sm text-gray-700">
            The rider is emailed that their password was changed, and signed out everywhere.
          </p>
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

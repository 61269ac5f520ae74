import { Form } from "@remix-run/react";
import type { Announcement } from "../actions.server";
import type { TabData } from "../tabs.server";
import { person } from "../ui";

/**
 * Announcements. "Send to all users" asks first: the server answers with
 * the number of riders it would reach and a confirming form carrying the
 * message (so it works the same without JavaScript); Cancel brings the
 * message back for editing.
 */
export function NotificationsTab({
  data,
  confirmAll,
  draft,
}: {
  data: TabData<"notifications">;
  confirmAll?: Announcement & { recipients: number };
  draft?: Announcement;
}) {
  const text = confirmAll ?? draft;
  return (
    <div className="space-y-4">
      {confirmAll ? (
        <section role="alertdialog" aria-labelledby="notify-all-q" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h2 id="notify-all-q" className="font-bold text-amber-950">
            {`Send “${confirmAll.title}” to all ${confirmAll.recipients.toLocaleString("en-US")} active ${confirmAll.recipients === 1 ? "user" : "users"}?`}
          </h2>
          <p className="mt-1 text-amber-950 [overflow-wrap:anywhere]">{confirmAll.message}</p>
          <p className="mt-1 text-sm text-amber-950">Nothing has been sent yet. An announcement cannot be taken back.</p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="title" value={confirmAll.title} />
            <input type="hidden" name="message" value={confirmAll.message} />
            <input type="hidden" name="confirmed" value="yes" />
            {/* The question just appeared: its answer is what comes next. */}
            <button type="submit" name="intent" value="notify-all" className="btn-primary" autoFocus>
              Yes, send to all
            </button>
            <button type="submit" name="intent" value="notify-edit" className="btn-secondary">
              Cancel
            </button>
          </Form>
        </section>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Form method="post" className="card space-y-3" key={text ? `${text.title}\n${text.message}` : "new"}>
          <h2 className="text-lg font-bold">Send an announcement</h2>
          <div>
            <label htmlFor="n-title" className="label">
              Title
            </label>
            <input id="n-title" name="title" required maxLength={120} defaultValue={text?.title} className="input" />
          </div>
          <div>
            <label htmlFor="n-message" className="label">
              Message
            </label>
            <textarea id="n-message" name="message" required maxLength={1000} rows={4} defaultValue={text?.message} className="input" />
          </div>
          <fieldset>
            <legend className="label">Send to</legend>
            <p className="text-sm text-gray-700">Tick riders from the search to send only to them.</p>
            {data.candidates.map((u) => (
              <label key={u.id} className="flex min-h-[44px] items-center gap-2 [overflow-wrap:anywhere]">
                <input type="checkbox" name="userIds" value={u.id} className="h-5 w-5 shrink-0 accent-brand-700" />
                {person(u)} <span className="text-gray-600">{u.email}</span>
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
    </div>
  );
}

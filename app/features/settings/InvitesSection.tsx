import { Form } from "@remix-run/react";
import { CopyButton } from "~/components/CopyButton";

type Invite = { id: number; code: string; usageCount: number; url: string };

/** Invite Friends: create, copy and remove links; each shows how many joined through it (the link in a field to select, and a Copy button with JavaScript). */
export function InvitesSection({ invites }: { invites: Invite[] }) {
  return (
    <section className="card" aria-labelledby="invites-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="invites-title" className="font-bold text-gray-900">
          Invite Friends
        </h2>
        <Form method="post" action="/settings/account">
          <button type="submit" name="intent" value="invite-create" className="btn-secondary">
            New Link
          </button>
        </Form>
      </div>
      {invites.length === 0 ? (
        <p className="mt-2 text-gray-700">Create a link and send it to riders you know.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {invites.map((invite) => (
            <li key={invite.id} className="rounded-lg border border-gray-200 p-3">
              <label htmlFor={`invite-${invite.id}`} className="sr-only">
                Invite link
              </label>
              <input id={`invite-${invite.id}`} readOnly value={invite.url} className="input text-sm" onFocus={(e) => e.currentTarget.select()} />
              <div className="mt-2 flex items-center justify-between gap-2">
                <span className="text-sm text-gray-700">
                  {invite.usageCount} {invite.usageCount === 1 ? "rider joined" : "riders joined"}
                </span>
                <div className="flex gap-2">
                  <CopyButton text={invite.url} fieldId={`invite-${invite.id}`} />
                  <Form method="post" action="/settings/account">
                    <input type="hidden" name="inviteId" value={invite.id} />
                    <button type="submit" name="intent" value="invite-remove" className="btn-ghost text-red-800">
                      Remove
                    </button>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

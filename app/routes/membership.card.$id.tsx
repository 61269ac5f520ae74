import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { memberCard } from "~/features/members/screens.server";
import { requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Member card | ${APP_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return memberCard(getDb(), user, params.id!);
}

/**
 * The member card: a plain page rendered on the server (the QR code is SVG
 * in the HTML), so it shows without JavaScript and from the offline copy.
 */
export default function MemberCard() {
  const card = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-6">
      <a data-discover href="/membership" className="mb-3 inline-flex min-h-[44px] items-center text-brand-800 underline">
        Back to membership
      </a>
      <article aria-labelledby="card-name" className={`rounded-2xl border-2 p-5 shadow ${card.expired ? "border-red-300 bg-red-50" : "border-brand-700 bg-white"}`}>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{card.association}</p>
        <h1 id="card-name" className="mt-2 text-2xl font-bold text-gray-900">
          {card.name}
        </h1>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-gray-900">
          <div>
            <dt className="text-sm text-gray-600">Member number</dt>
            <dd className="text-xl font-bold" data-testid="member-number">
              {card.number ?? "Not given yet"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-600">Kind</dt>
            <dd className="text-xl font-bold">{card.kind}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-sm text-gray-600">Valid through</dt>
            <dd className="font-semibold">
              {card.validThrough} ({card.yearName})
            </dd>
          </div>
        </dl>
        {card.expired ? (
          <p role="status" className="mt-3 rounded-lg bg-red-100 p-2 font-bold text-red-800">
            Expired on {card.validThrough}: renew with the office.
          </p>
        ) : card.status !== "ACTIVE" ? (
          <p role="status" className="mt-3 rounded-lg bg-amber-100 p-2 font-bold text-amber-900">
            Dues not marked paid yet.
          </p>
        ) : null}
        {card.qrSvg ? (
          // The SVG is made on the server by the qrcode library from the record's URL alone.
          <div className="mx-auto mt-4 w-48" role="img" aria-label="QR code the gate scans to open the member's record" dangerouslySetInnerHTML={{ __html: card.qrSvg }} />
        ) : null}
      </article>
    </main>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/ConfirmAction";
import { FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { expiryLabel, PaperBadge } from "~/features/horses/PapersSection";
import { paperScreen, type PapersFormResult } from "~/features/horses/papersScreen.server";
import { formatDate } from "~/lib/dates";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.found ? `${data.paper.label}: ${data.horse.name}` : "Paper Not Found"} | ${APP_NAME}` }];
export const loader = ({ request, params }: LoaderFunctionArgs) => paperScreen(request, params.id ?? "", params.docId ?? "");

const day = (value: string | null) => (value ? formatDate(`${value}T12:00:00Z`) : "—");

/**
 * One paper, as shown at the gate: what it is, its dates and the paper
 * itself (a photo in the page; a PDF opened by the phone's viewer). The
 * phone keeps this page and the file once opened (public/sw.js).
 */
export default function PaperPage() {
  const screen = useLoaderData<typeof loader>();
  const dates = useFetcher<{ result?: PapersFormResult }>();
  if (!screen.found) return <NotFound title="Paper Not Found" text="This paper does not exist or is not yours." />;
  const { horse, paper } = screen;
  const result = dates.data?.result?.intent === "dates" ? dates.data.result : null;
  const action = `/horses/${horse.id}/papers`;
  const isImage = paper.contentType.startsWith("image/");
  return (
    <>
      <PageHeader title={paper.label} back={action} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <section className="card" aria-labelledby="paper-title">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="paper-title" className="truncate text-xl font-bold text-gray-900">
                {horse.name}
              </h2>
              <p className="text-gray-800">{expiryLabel(paper)}</p>
            </div>
            <PaperBadge status={paper.status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">Issued</dt>
              <dd className="text-gray-900">{day(paper.issuedOn)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">Expires</dt>
              <dd className="text-gray-900">{day(paper.expiresOn)}</dd>
            </div>
          </dl>
          {isImage ? (
            <a href={paper.fileUrl} className="mt-3 block">
              <img src={paper.fileUrl} alt={`${paper.label} of ${horse.name}`} className="w-full rounded-lg border border-gray-200" data-testid="paper-image" />
            </a>
          ) : (
            <a href={paper.fileUrl} className="btn-primary mt-3 w-full" data-testid="paper-file">
              Open the PDF
            </a>
          )}
        </section>

        <details className="card" open={Boolean(result) || undefined}>
          <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between text-lg font-bold text-gray-900">Change dates</summary>
          <dates.Form method="post" action={action} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="dates" />
            <input type="hidden" name="docId" value={paper.id} />
            <input type="hidden" name="back" value={paper.pageUrl} />
            <FormError message={result?.formError} />
            <div className="grid grid-cols-2 gap-2">
              <div>
                <label htmlFor="paper-issuedOn" className="label">
                  Date issued
                </label>
                <input id="paper-issuedOn" name="issuedOn" type="date" className="input" defaultValue={paper.issuedOn ?? ""} />
                <FieldErrors id="paper-issuedOn-error" errors={result?.fieldErrors.issuedOn} />
              </div>
              <div>
                <label htmlFor="paper-expiresOn" className="label">
                  Expires
                </label>
                <input id="paper-expiresOn" name="expiresOn" type="date" className="input" defaultValue={paper.expiresOn ?? ""} />
                <FieldErrors id="paper-expiresOn-error" errors={result?.fieldErrors.expiresOn} />
              </div>
            </div>
            <button type="submit" className="btn-secondary w-full" disabled={dates.state !== "idle"}>
              Save Dates
            </button>
          </dates.Form>
        </details>

        <section className="card space-y-2">
          <ConfirmAction
            label="Delete Paper"
            size="block"
            action={action}
            question={`Delete this ${paper.label.toLowerCase()} of ${horse.name}? The file goes with it, from this phone too, and no more reminders are sent for it.`}
            confirmLabel="Delete Paper"
            hidden={{ intent: "delete", docId: paper.id, back: action }}
          />
          <a data-discover href={`/horses/${horse.id}`} className="btn-ghost w-full">
            Back to {horse.name}
          </a>
        </section>
      </main>
    </>
  );
}

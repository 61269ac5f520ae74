import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FieldErrors } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { formatDate } from "~/lib/dates";
import { useOnline } from "~/lib/useOnline";
import { PAPER_KINDS, PAPER_LABELS } from "~/schemas/papers";
import { checkFileBeforeUpload, UPLOAD_RULES } from "~/schemas/uploads";
import type { PaperView } from "./papers.server";
import type { PapersFormResult } from "./papersScreen.server";

/** "Expires Dec 1, 2026", with how soon when it matters. */
export function expiryLabel(paper: Pick<PaperView, "expiresOn" | "status" | "daysLeft">) {
  if (!paper.expiresOn) return "Does not expire";
  const date = formatDate(`${paper.expiresOn}T12:00:00Z`);
  if (paper.status === "expired") return `Expired ${date}`;
  if (paper.daysLeft === 0) return "Expires today";
  if (paper.status === "expiring") return `Expires in ${paper.daysLeft} day${paper.daysLeft === 1 ? "" : "s"} (${date})`;
  return `Expires ${date}`;
}

const BADGE: Record<PaperView["status"], { text: string; className: string }> = {
  current: { text: "Current", className: "bg-green-100 text-green-900" },
  expiring: { text: "Expiring", className: "bg-amber-100 text-amber-900" },
  expired: { text: "Expired", className: "bg-red-100 text-red-900" },
};

export function PaperBadge({ status }: { status: PaperView["status"] }) {
  return <span className={`shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold ${BADGE[status].className}`}>{BADGE[status].text}</span>;
}

/**
 * Asks the service worker (public/sw.js) to keep this horse's current papers
 * on the phone: the papers page, each paper's page and its file, so they open
 * at the gate with no signal. Papers no longer listed (deleted, expired)
 * leave the phone. Signing out deletes them all.
 */
function useKeepPapersOffline(horseId: string, papers: PaperView[]) {
  const online = useOnline();
  const current = papers.filter((p) => p.status !== "expired");
  const signature = current.map((p) => `${p.id}:${p.expiresOn}`).join(",");
  useEffect(() => {
    const worker = typeof navigator !== "undefined" ? navigator.serviceWorker?.controller : null;
    if (!worker || !online) return;
    worker.postMessage({
      type: "keep-papers",
      horseId,
      pages: [`/horses/${horseId}/papers`, ...current.map((p) => p.pageUrl)],
      files: current.map((p) => p.fileUrl),
    });
    // `signature` stands for the list: a new paper, a deleted one or new dates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [horseId, signature, online]);
}

/**
 * A horse's papers (Coggins, health certificate, brand inspection,
 * registration papers): the list with what expires when, and the form to
 * add one. Plain multipart forms posted to /horses/{id}/papers, so they work
 * without JavaScript; with it, a fetcher keeps the page in place. `back` is
 * the page to return to after a change.
 */
export function PapersSection({
  horseId,
  horseName,
  papers,
  back,
  lastResult,
  showAllLink = false,
}: {
  horseId: string;
  horseName: string;
  papers: PaperView[];
  back: string;
  lastResult?: PapersFormResult | null;
  showAllLink?: boolean;
}) {
  const add = useFetcher<{ result?: PapersFormResult }>({ key: `add-paper-${horseId}` });
  // A paper added answers a redirect, which leaves the fetcher's data as it was: the answer of the
  // try before it (if one was refused), which must not show any more.
  const [answered, setAnswered] = useState<unknown>(undefined);
  const dataBefore = useRef<unknown>(undefined);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && add.state === "idle" && add.data === dataBefore.current) {
      form.current?.reset();
      setAnswered(add.data);
    }
    wasBusy.current = add.state !== "idle";
  }, [add.state, add.data]);
  const fresh = add.data !== undefined && add.data !== answered ? add.data.result : null;
  const result = fresh ?? lastResult ?? null;
  const errors = result?.intent === "add" ? result.fieldErrors : {};
  const values = (result?.intent === "add" ? result.values : undefined) ?? {};
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const adding = add.state !== "idle";
  useKeepPapersOffline(horseId, papers);
  const action = `/horses/${horseId}/papers`;
  const field = (name: string) => `paper-${horseId}-${name}`;
  const describedBy = (name: string) => (errors[name]?.length ? `${field(name)}-error` : undefined);

  return (
    <section className="card" aria-labelledby={`papers-title-${horseId}`} data-testid="papers">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`papers-title-${horseId}`} className="text-lg font-bold text-gray-900">
          Papers
        </h2>
        {showAllLink && papers.length ? (
          <a data-discover href={action} className="link text-sm">
            Open for the gate
          </a>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Only you see {horseName}&apos;s papers. Once opened here, current papers open on this phone with no signal.
      </p>
      {papers.length ? (
        <ul className="mt-2 divide-y divide-gray-100" aria-label={`${horseName}'s papers`}>
          {papers.map((paper) => (
            <li key={paper.id} className="py-1" data-testid="paper">
              <a data-discover href={paper.pageUrl} className="flex min-h-[44px] items-center justify-between gap-3 rounded-lg hover:bg-gray-50">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-gray-900">{paper.label}</span>
                  <span className="block text-sm text-gray-700">{expiryLabel(paper)}</span>
                </span>
                <PaperBadge status={paper.status} />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-gray-700">No papers yet.</p>
      )}
      <details className="mt-3" open={Boolean(result?.intent === "add") || undefined} id={`add-paper-${horseId}`}>
        <summary className="menu-trigger">Add a Paper</summary>
        <add.Form
          ref={form}
          method="post"
          action={action}
          encType="multipart/form-data"
          className="mt-3 space-y-3"
          aria-label="Add a paper"
          onSubmit={(event) => {
            dataBefore.current = add.data;
            const file = new FormData(event.currentTarget).get("file");
            const problem = file instanceof File && file.size > 0 ? checkFileBeforeUpload("paper", file) : null;
            setFileError(problem ? `${problem.title}: ${problem.message}` : null);
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="back" value={back} />
          <FormError message={result?.intent === "add" ? result.formError : null} />
          <div>
            <label htmlFor={field("kind")} className="label">
              Kind of paper
            </label>
            <select id={field("kind")} name="kind" className="input" defaultValue={values.kind || "coggins"} aria-describedby={describedBy("kind")} aria-invalid={errors.kind ? true : undefined}>
              {PAPER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {PAPER_LABELS[kind]}
                </option>
              ))}
            </select>
            <FieldErrors id={`${field("kind")}-error`} errors={errors.kind} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor={field("issuedOn")} className="label">
                Date issued
              </label>
              <input id={field("issuedOn")} name="issuedOn" type="date" className="input" defaultValue={values.issuedOn} aria-describedby={describedBy("issuedOn")} aria-invalid={errors.issuedOn ? true : undefined} />
              <FieldErrors id={`${field("issuedOn")}-error`} errors={errors.issuedOn} />
            </div>
            <div>
              <label htmlFor={field("expiresOn")} className="label">
                Expires
              </label>
              <input id={field("expiresOn")} name="expiresOn" type="date" className="input" defaultValue={values.expiresOn} aria-describedby={describedBy("expiresOn")} aria-invalid={errors.expiresOn ? true : undefined} />
              <FieldErrors id={`${field("expiresOn")}-error`} errors={errors.expiresOn} />
            </div>
          </div>
          <div>
            <label htmlFor={field("file")} className="label">
              Photo, scan or PDF
            </label>
            <input
              id={field("file")}
              name="file"
              type="file"
              accept={UPLOAD_RULES.paper.accept}
              className="input py-2 text-sm"
              aria-describedby={`${field("file")}-hint${errors.file || fileError ? ` ${field("file")}-error` : ""}`}
              aria-invalid={errors.file || fileError ? true : undefined}
              onChange={() => setFileError(null)}
            />
            <p id={`${field("file")}-hint`} className="mt-1 text-sm text-gray-600">
              Up to {UPLOAD_RULES.paper.maxBytes / (1024 * 1024)} MB. Photos are stored without their location.
            </p>
            <FieldErrors id={`${field("file")}-error`} errors={fileError ? [fileError] : errors.file} />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={adding}>
            {adding ? "Adding..." : "Add Paper"}
          </button>
        </add.Form>
      </details>
    </section>
  );
}

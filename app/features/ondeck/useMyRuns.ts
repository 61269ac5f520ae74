import { useEffect, useState } from "react";
import type { MyRun } from "./ondeck.server";

/** Events followed at once on one page (a rider's busy weekend); the rest update on reload. */
const MAX_FOLLOWED = 4;

/**
 * A rider's places in line, kept up to date: each event with a run still to
 * come is followed on its live stream (the one the live page uses), and
 * every change there fetches the rider's own runs again
 * (GET /api/events/{id}/my-runs). Without JavaScript the server's HTML
 * shows them as of the request.
 */
export function useMyRuns(initial: Record<string, MyRun>) {
  const [runs, setRuns] = useState(initial);
  useEffect(() => setRuns(initial), [initial]);
  const followed = [...new Set(Object.values(initial).filter((r) => r.status !== "RAN" && r.status !== "SCRATCHED").map((r) => r.eventId))].slice(0, MAX_FOLLOWED).join(",");
  useEffect(() => {
    if (!followed) return;
    const sources = followed.split(",").map((eventId) => {
      let inFlight = false;
      let again = false;
      const refresh = async () => {
        if (inFlight) return void (again = true);
        inFlight = true;
        try {
          const res = await fetch(`/api/events/${encodeURIComponent(eventId)}/my-runs`, { headers: { Accept: "application/json" } });
          if (res.ok) {
            const body = (await res.json()) as { runs: MyRun[] };
            setRuns((old) => ({ ...old, ...Object.fromEntries(body.runs.map((r) => [r.entryId, r])) }));
          }
        } finally {
          inFlight = false;
          if (again) {
            again = false;
            void refresh();
          }
        }
      };
      const source = new EventSource(`/api/events/${encodeURIComponent(eventId)}/live`);
      let first = true;
      source.addEventListener("live", () => {
        // The first message is the view as of connecting: the page already has it.
        if (first) return void (first = false);
        void refresh();
      });
      return source;
    });
    return () => sources.forEach((s) => s.close());
  }, [followed]);
  return runs;
}

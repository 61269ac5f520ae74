import type { User } from "#db/schema";
import { followStates } from "~/features/social/follows.server";
import { searchPeople } from "~/features/social/search.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { peopleSearchSchema } from "~/schemas/social";

/** Discover's riders search (?riders=&ridersZip=&ridersRadius=), with each result's follow state. */
export function ridersSearch(db: Db, viewer: User, url: URL) {
  const values = {
    riders: url.searchParams.get("riders") ?? undefined,
    ridersZip: url.searchParams.get("ridersZip") ?? undefined,
    ridersRadius: url.searchParams.get("ridersRadius") ?? undefined,
  };
  const back = `${url.pathname}${url.search}`;
  if (values.riders === undefined && values.ridersZip === undefined) return { values, results: null, error: null, back };
  const parsed = peopleSearchSchema.safeParse({
    query: values.riders || undefined,
    zipCode: values.ridersZip || undefined,
    radius: values.ridersZip ? values.ridersRadius : undefined,
  });
  if (!parsed.success) return { values, results: null, error: parsed.error.issues[0]!.message, back };
  try {
    rateLimit(LIMITS.search, viewer.id);
    const people = searchPeople(db, viewer, parsed.data);
    const states = followStates(db, viewer, people.map((p) => p.id));
    return { values, results: people.map((p) => ({ ...p, follow: viewer.privacyMode === "SOLO" ? null : states.get(p.id)! })), error: null, back };
  } catch (error) {
    if (error instanceof HttpError) return { values, results: null, error: error.message, back };
    throw error;
  }
}

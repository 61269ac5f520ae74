import { getUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { discover } from "./discover.server";
import { greetingFor, NEW_ACCOUNT_MS } from "./greeting";
import { now } from "~/lib/clock.server";
import { ridersSearch } from "./riders.server";

/**
 * What "/" shows: nothing for a visitor (the landing page is static), the
 * Discover screen's data for a rider. Kept out of the route module so the
 * route imports one server module: in the browser each server module shared
 * with other routes becomes a script of its own (the JavaScript budget of
 * tests/api/js-budget.test.ts).
 */
export async function homePage(request: Request) {
  const user = await getUser(request);
  if (!user) return { discover: null };
  const url = new URL(request.url);
  return {
    riders: ridersSearch(getDb(), user, url),
    discover: {
      greeting: greetingFor(user.id, user.firstName, now().getTime() - user.createdAt.getTime() < NEW_ACCOUNT_MS),
      initial: user.firstName.slice(0, 1).toUpperCase(),
      homeZipCode: user.homeZipCode,
      origin: config().appOrigin,
      ...discover(getDb(), user, url),
    },
  };
}

export type HomePage = typeof homePage;

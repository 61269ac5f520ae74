import { data } from "@remix-run/node";
import { dayIn } from "~/features/events/dates";
import { homeZone } from "~/features/events/zones.server";
import { unreadCount } from "~/features/notifications/notifications.server";
import { getUser } from "~/lib/auth.server";
import { now } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { readToast } from "~/lib/session.server";

/**
 * The root loader's answer: only what the shell needs (the page's own loader
 * sends the rest). It lives here rather than in app/root.tsx so the root
 * module imports one server module instead of five: in the browser each
 * server module shared with other routes becomes a script of its own, on
 * every page (the JavaScript budget, tests/api/js-budget.test.ts). A
 * feature of its own, not app/lib: it gathers other features' answers (the
 * unread count, the home zone), and app/lib imports no feature.
 */
export async function loadShell(request: Request) {
  const user = await getUser(request);
  const { toast, headers } = await readToast(request);
  const shellUser = user
    ? {
        id: user.id,
        firstName: user.firstName,
        isAdmin: user.isAdmin,
        isPrivate: user.privacyMode === "SOLO",
        unreadCount: unreadCount(getDb(), user.id),
        // The zone of their home ZIP, in which their screens name times (app/lib/dates.ts).
        zone: homeZone(user),
      }
    : null;
  // The footer's year, by the app's clock (tests move it), in the reader's zone.
  const year = Number(dayIn(shellUser?.zone ?? "UTC", now()).slice(0, 4));
  return data({ user: shellUser, toast, year }, headers ? { headers: { "Set-Cookie": headers } } : undefined);
}

import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/lib/auth.server";

export const loader = () => redirect("/");

/** Signs out and goes home with a full page load, so no signed-in data stays in memory. */
export async function action({ request }: ActionFunctionArgs) {
  return redirectDocument("/", { headers: { "Set-Cookie": await endSession(request) } });
}

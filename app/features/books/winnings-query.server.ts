import { now } from "~/lib/clock.server";
import { HttpError } from "~/lib/http.server";
import { winningsQuerySchema } from "~/schemas/books";

/** The report's year from ?year= (this year, by the server's clock, when absent); 400 in words otherwise. */
export function winningsYear(request: Request): number {
  const parsed = winningsQuerySchema.safeParse({ year: new URL(request.url).searchParams.get("year") ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? "Invalid year", { errors: parsed.error.flatten().fieldErrors });
  return parsed.data.year ?? now().getUTCFullYear();
}

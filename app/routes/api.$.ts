import { jsonError } from "~/lib/http.server";

/** Unknown /api paths answer JSON, for every method, never the HTML 404 page. */
const notFound = () => jsonError(404, "Not found");
export const loader = notFound;
export const action = notFound;

/**
 * A query string with some parameters set or removed (null removes one),
 * the others kept: "?a=1&b=2", or "" when none is left. The one way screens
 * build links and redirects that keep a list's filters.
 */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

import { useLocation } from "@remix-run/react";

/**
 * "Show more" under a list that grows to `next` items through `?<param>=`, keeping
 * the other filters. A plain link: it works without JavaScript, and with it
 * the page keeps its scroll position.
 */
export function ShowMore({ param, next, label = "Show more" }: { param: string; next: number; label?: string }) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.set(param, String(next));
  return (
    <div className="flex justify-center">
      <a data-discover href={`${pathname}?${query}`} data-keep-scroll data-replace className="btn-secondary" data-testid="show-more">
        {label}
      </a>
    </div>
  );
}

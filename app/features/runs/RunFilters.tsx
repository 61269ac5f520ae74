import { RUN_TAGS } from "~/schemas/constants";
import { TAG_LABELS } from "~/schemas/run-basics";

export type RunFilterValues = {
  horse?: string;
  horseId?: string;
  rider?: number | "none";
  arena?: string;
  from?: string;
  to?: string;
  tag?: string;
};

/**
 * The run list's filters: a GET form, so the filters live in the address
 * (bookmarkable, and the same without JavaScript). Open while a filter is on.
 * Loaded as an island (app/components/Island.tsx): a plain form, no router.
 */
export default function RunFilters({ filters, filtered, horses, riders }: { filters: RunFilterValues; filtered: boolean; horses: { id: string; name: string; retired: boolean }[]; riders: { id: number; name: string }[] }) {
  return (
    <details className="card" open={filtered}>
      <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-gray-900">Filters{filtered ? " (on)" : ""}</summary>
      {/* Keyed by the filters: after a navigation the fields show the filters in the address again. */}
      <form key={JSON.stringify(filters)} method="get" action="/run-log" className="mt-3 space-y-3" data-keep-scroll>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="filter-horse" className="label">
              Horse
            </label>
            <select id="filter-horse" name="horseId" className="input" defaultValue={filters.horseId ?? ""}>
              <option value="">All horses</option>
              {horses.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.retired ? `${h.name} (retired)` : h.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-rider" className="label">
              Rider
            </label>
            <select id="filter-rider" name="rider" className="input" defaultValue={filters.rider !== undefined ? String(filters.rider) : ""}>
              <option value="">All riders</option>
              <option value="none">Me (no rider)</option>
              {riders.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="filter-arena" className="label">
            Arena
          </label>
          <input id="filter-arena" name="arena" className="input" defaultValue={filters.arena ?? ""} placeholder="Any arena" />
        </div>
        {/* One date per row on a phone: side by side, a date field is too narrow for its year. */}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="filter-from" className="label">
              From
            </label>
            <input id="filter-from" name="from" type="date" className="input" defaultValue={filters.from ?? ""} />
          </div>
          <div>
            <label htmlFor="filter-to" className="label">
              To
            </label>
            <input id="filter-to" name="to" type="date" className="input" defaultValue={filters.to ?? ""} />
          </div>
        </div>
        <div>
          <label htmlFor="filter-tag" className="label">
            Tag
          </label>
          <select id="filter-tag" name="tag" className="input" defaultValue={filters.tag ?? ""}>
            <option value="">Any tag</option>
            {RUN_TAGS.map((t) => (
              <option key={t} value={t}>
                {TAG_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <a href="/run-log" className="btn-secondary">
            Clear
          </a>
          <button type="submit" className="btn-primary">
            Apply Filters
          </button>
        </div>
      </form>
    </details>
  );
}

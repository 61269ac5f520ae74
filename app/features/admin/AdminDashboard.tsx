import type { AdminOutcome } from "./actions.server";
import { FailedJobs } from "./FailedJobs";
import type { failedJobs as listFailedJobs } from "./jobs.server";
import { TABS } from "./tabs";
import type { AnyTabData } from "./tabs.server";
import { AuditTab } from "./tabs/AuditTab";
import { EventsTab } from "./tabs/EventsTab";
import { InvitesTab } from "./tabs/InvitesTab";
import { NotificationsTab } from "./tabs/NotificationsTab";
import { ReportedEventsTab } from "./tabs/ReportedEventsTab";
import { ReportedUsersTab } from "./tabs/ReportedUsersTab";
import { RunsTab } from "./tabs/RunsTab";
import { ShowbillsTab } from "./tabs/ShowbillsTab";
import { UsersTab } from "./tabs/UsersTab";

type Stats = { totalUsers: number; activeUsers: number; totalEvents: number; pendingShowbills: number; failedJobs: number };
type FailedJobRows = ReturnType<typeof listFailedJobs>;
type Outcome = Exclude<AdminOutcome, { done: unknown }> | { error: string; draft?: { title: string; message: string } } | undefined;

/** The dashboard: four stat cards, failed deliveries if any, the section tabs, and the open tab. */
export function AdminDashboard({
  stats,
  failedJobs,
  tab,
  outcome,
  search,
}: {
  stats: Stats;
  failedJobs: FailedJobRows;
  tab: AnyTabData;
  outcome: Outcome;
  search: URLSearchParams;
}) {
  const cards = [
    ["Total Users", stats.totalUsers],
    ["Active Users", stats.activeUsers],
    ["Total Events", stats.totalEvents],
    ["Pending Showbills", stats.pendingShowbills],
  ] as const;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-4">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <li key={label} className="card">
            <p className="text-sm text-gray-700">{label}</p>
            <p className="text-3xl font-bold tabular-nums text-gray-900">{value.toLocaleString("en-US")}</p>
          </li>
        ))}
      </ul>
      <AssociationNav />
      <FailedJobs total={stats.failedJobs} jobs={failedJobs} />
      <SectionTabs current={tab.tab} />
      {outcome && "error" in outcome ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          Error: {outcome.error}
        </p>
      ) : null}
      <section className="mt-4" aria-label={TABS.find((t) => t.id === tab.tab)?.label ?? "Audit log"}>
        <TabContent tab={tab} outcome={outcome} search={search} />
      </section>
    </main>
  );
}

/**
 * The section tabs: on a phone one row that scrolls sideways, its cut edge
 * faded to show there is more; from 1024 px wide they wrap, so every tab is
 * in view.
 */
function SectionTabs({ current }: { current: string }) {
  return (
    <nav aria-label="Admin sections" className="relative -mx-4 mt-4 lg:mx-0">
      <ul className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] lg:flex-wrap lg:overflow-visible lg:px-0">
        {TABS.map((t) => (
          <li key={t.id} className="shrink-0">
            <a data-discover
              href={`?tab=${t.id}`}
              aria-current={current === t.id ? "page" : undefined}
              className={`flex min-h-[44px] items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold ${
                current === t.id ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-800 hover:border-brand-400 hover:text-brand-800"
              }`}
            >
              {t.label}
            </a>
          </li>
        ))}
      </ul>
      <div aria-hidden className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-brand-50 lg:hidden" />
    </nav>
  );
}

function TabContent({ tab, outcome, search }: { tab: AnyTabData; outcome: Outcome; search: URLSearchParams }) {
  switch (tab.tab) {
    case "users":
      return <UsersTab data={tab} search={search} />;
    case "reported-users":
      return <ReportedUsersTab data={tab} />;
    case "reported-events":
      return <ReportedEventsTab data={tab} />;
    case "showbills":
      return <ShowbillsTab data={tab} />;
    case "events":
      return <EventsTab data={tab} search={search} />;
    case "runs":
      return <RunsTab data={tab} search={search} />;
    case "invites":
      return <InvitesTab data={tab} />;
    case "notifications":
      return (
        <NotificationsTab
          data={tab}
          confirmAll={outcome && "confirmAll" in outcome ? outcome.confirmAll : undefined}
          draft={outcome && "draft" in outcome ? outcome.draft : undefined}
        />
      );
    case "audit":
      return <AuditTab data={tab} />;
  }
}

const ASSOCIATION = [
  { href: "/admin/series", label: "Series", hint: "Season points, standings and finals" },
  { href: "/admin/winnings", label: "Winnings", hint: "Each payee's year, and the tax forms due" },
  { href: "/admin/members", label: "Members", hint: "Membership years, dues and member numbers" },
] as const;

/** The association's own screens, as navigation beside the moderation tabs (not small links in a corner). */
function AssociationNav() {
  return (
    <nav aria-label="Association" className="mt-4">
      <ul className="grid gap-3 sm:grid-cols-3">
        {ASSOCIATION.map((a) => (
          <li key={a.href} className="card flex flex-col gap-1 p-0">
            <a data-discover href={a.href} className="flex min-h-[44px] items-center px-4 pt-3 text-lg font-bold text-brand-800 underline-offset-2 hover:underline">
              {a.label}
            </a>
            <p className="px-4 pb-3 text-sm text-gray-700">{a.hint}</p>
          </li>
        ))}
      </ul>
    </nav>
  );
}

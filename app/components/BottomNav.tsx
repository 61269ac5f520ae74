import { PrefetchPageLinks, useLocation } from "@remix-run/react";
import { useState, type SyntheticEvent } from "react";
import { APP_NAME, badgeLabel } from "~/schemas/constants";
import { Logo } from "./Logo";

type Tab = { to: string; label: string; icon: string };

const TABS: Tab[] = [
  { to: "/", label: "Discover", icon: "M21 21l-4.35-4.35M11 18a7 7 0 100-14 7 7 0 000 14z" },
  { to: "/events", label: "My Events", icon: "M8 7V3m8 4V3M4 11h16M5 5h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z" },
  { to: "/run-log", label: "Run Log", icon: "M12 8v4l3 3M12 21a9 9 0 100-18 9 9 0 000 18z" },
  { to: "/notifications", label: "Notifications", icon: "M15 17h5l-1.4-1.4A2 2 0 0118 14.2V11a6 6 0 10-12 0v3.2a2 2 0 01-.6 1.4L4 17h5m6 0a3 3 0 11-6 0" },
  { to: "/settings", label: "Profile", icon: "M16 7a4 4 0 11-8 0 4 4 0 018 0zM12 14a7 7 0 00-7 7h14a7 7 0 00-7-7z" },
];
const ADMIN_TAB: Tab = { to: "/admin", label: "Admin", icon: "M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7l8-4z" };

/**
 * The main navigation; the active tab follows the current path. On a phone
 * a fixed bar at the bottom; from 1024 px wide (a desktop, where
 * administrators work) a column at the left, and the page makes room for
 * it (root.tsx).
 */
export function BottomNav({ unreadCount, isAdmin }: { unreadCount: number; isAdmin: boolean }) {
  const tabs = isAdmin ? [...TABS, ADMIN_TAB] : TABS;
  const badge = badgeLabel(unreadCount);
  const { pathname } = useLocation();
  const [intent, setIntent] = useState<string | null>(null);
  // A tab the rider points at or touches: its data and code are fetched ahead, as Remix's prefetch="intent" does.
  const onIntent = (e: SyntheticEvent) => setIntent((e.target as Element).closest?.("a")?.getAttribute("href") ?? null);
  return (
    <nav
      aria-label="Main"
      onMouseOver={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] lg:inset-y-0 lg:right-auto lg:w-56 lg:border-r lg:border-t-0 lg:pb-0"
    >
      <p className="hidden items-center gap-2 px-5 pb-4 pt-5 text-lg font-bold text-brand-900 lg:flex">
        <Logo className="h-8 w-8" />
        {APP_NAME}
      </p>
      <ul className="mx-auto flex max-w-2xl lg:mx-0 lg:max-w-none lg:flex-col lg:gap-1 lg:px-3">
        {tabs.map((tab) => {
          const active = pathname === tab.to || (tab.to !== "/" && pathname.startsWith(`${tab.to}/`));
          return (
            <li key={tab.to} className="flex-1 lg:flex-none">
              <a
                data-discover
                href={tab.to}
                aria-current={active ? "page" : undefined}
                className={active ? "nav-tab nav-tab-current" : "nav-tab nav-tab-other"}
              >
                <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={active ? 2.4 : 1.8} strokeLinecap="round" strokeLinejoin="round">
                  <path d={tab.icon} />
                </svg>
                <span>{tab.label}</span>
                {tab.to === "/notifications" && badge ? (
                  <span
                    className="absolute right-[calc(50%-22px)] top-1 min-w-[18px] lg:static lg:ml-auto rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-[18px] text-white"
                    aria-label={`${unreadCount} unread`}
                    data-testid="unread-badge"
                  >
                    {badge}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {intent && intent !== pathname ? <PrefetchPageLinks page={intent} /> : null}
    </nav>
  );
}

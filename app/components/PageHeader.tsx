import type { ReactNode } from "react";

/** The header's width follows its page's content: a phone-width column, or wider from 1024 px (Settings' two columns, the admin's desk). */
const WIDTHS = { page: "max-w-2xl", split: "max-w-2xl lg:max-w-5xl", wide: "max-w-7xl" };

export function PageHeader({
  title,
  back,
  actions,
  width = "page",
}: {
  title: string;
  back?: string;
  actions?: ReactNode;
  width?: keyof typeof WIDTHS;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className={`mx-auto flex min-h-[56px] ${WIDTHS[width]} items-center gap-2 px-4`}>
        {back ? (
          <a data-discover href={back} className="-ml-2 flex min-h-[44px] min-w-[44px] items-center justify-center rounded-lg text-brand-800" aria-label="Back">
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
              <path d="M15 19l-7-7 7-7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
        ) : null}
        <h1 className="flex-1 text-lg font-bold text-gray-900">{title}</h1>
        {actions}
      </div>
    </header>
  );
}

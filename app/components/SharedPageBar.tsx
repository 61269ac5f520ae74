import { useShellUser } from "~/lib/useShellUser";
import { APP_NAME } from "~/schemas/constants";

/**
 * The top of a shared run's or horse's page for a visitor: the app's name
 * home, and Join. A signed-in rider has the main navigation instead.
 */
export function SharedPageBar() {
  if (useShellUser()) return null;
  return (
    <div className="flex items-center justify-between">
      {/* A 44 px tap target, however short the word. */}
      <a data-discover href="/" className="link inline-flex min-h-[44px] items-center text-sm">
        {APP_NAME}
      </a>
      <a data-discover href="/register" className="btn-secondary">
        Join
      </a>
    </div>
  );
}

/** The invitation at the foot of a shared page, for a visitor only. */
export function JoinCard({ title, text }: { title: string; text: string }) {
  if (useShellUser()) return null;
  return (
    <section className="card mt-4 text-center">
      <h2 className="text-lg font-bold text-gray-900">{title}</h2>
      <p className="mt-1 text-gray-700">{text}</p>
      <a data-discover href="/register" className="btn-primary mt-3 w-full">
        Get Started Free
      </a>
    </section>
  );
}

import { Logo } from "~/components/Logo";
import { useThisYear } from "~/lib/useShellUser";
import { APP_NAME, APP_TAGLINE } from "~/schemas/constants";

const FEATURES = [
  {
    title: "Find Events",
    text: "Search by ZIP code and travel radius. Filter by dates, ground type, added money and indoor or outdoor arenas.",
    icon: "M21 21l-4.35-4.35M11 18a7 7 0 100-14 7 7 0 000 14z",
  },
  {
    title: "Track Your Runs",
    text: "Log run times, notes, videos and conditions for every horse, then watch the history and trends.",
    icon: "M12 8v4l3 3M12 21a9 9 0 100-18 9 9 0 000 18z",
  },
  {
    title: "Rate and Tag",
    text: "Give each run 1 to 5 stars and tag events such as Rodeo, Futurity and Open Show.",
    icon: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3z",
  },
  {
    title: "Save Showbills",
    text: "Bookmark events, add them to your calendar and link your run logs to the events you rode.",
    icon: "M5 5a2 2 0 012-2h10a2 2 0 012 2v16l-7-3.5L5 21V5z",
  },
];

const AUDIENCE = [
  { who: "Competitors", what: "Plan your season and see which arenas suit your horse." },
  { who: "Parents", what: "Keep riders' profiles for your kids, with privacy you control." },
  { who: "Trainers", what: "Follow your riders' runs and progress in one place." },
  { who: "Producers", what: "Post your showbill and reach riders within driving distance." },
];

/** The signed-out home page; also what any unknown path shows to a visitor. */
export function Landing() {
  const year = useThisYear();
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-4xl items-center justify-between px-4 py-3">
        <span className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Logo className="h-8 w-8" />
          {APP_NAME}
        </span>
        <a data-discover href="/register" className="btn-ghost">
          Log In
        </a>
      </header>
      <main id="main">
        <section className="mx-auto max-w-4xl px-4 pb-10 pt-6 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">{APP_NAME}</h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-gray-800">{APP_TAGLINE}</p>
          <div className="mx-auto mt-6 flex max-w-xs flex-col gap-3">
            <a data-discover href="/register" className="btn-primary text-lg">
              Get Started
            </a>
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-4xl px-4">
          <h2 id="features" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {FEATURES.map((f) => (
              <li key={f.title} className="card flex gap-4">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
                    <path d={f.icon} />
                  </svg>
                </span>
                <div>
                  <h3 className="font-bold text-gray-900">{f.title}</h3>
                  <p className="mt-1 text-gray-700">{f.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="made-for-you" className="mx-auto mt-8 max-w-4xl px-4">
          <div className="rounded-2xl bg-brand-800 p-5 text-white">
            <h2 id="made-for-you" className="text-2xl font-bold">
              Made for You
            </h2>
            <ul className="mt-3 space-y-3">
              {AUDIENCE.map((a) => (
                <li key={a.who}>
                  <span className="font-semibold text-brand-100">{a.who}: </span>
                  <span className="text-white">{a.what}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto max-w-4xl px-4 py-10 text-center">
          <h2 className="text-2xl font-bold text-gray-900">Ready to ride?</h2>
          <p className="mt-2 text-gray-700">Join free and find your next race tonight.</p>
          <a data-discover href="/register" className="btn-primary mt-5 w-full max-w-xs text-lg">
            Create Your Account
          </a>
        </section>
      </main>
      <footer className="border-t border-brand-100 px-4 py-6 text-center text-sm text-gray-700">
        <p>
          © {year} Cloverleaf, Inc. ·{" "}
          <a data-discover href="/privacy-policy" className="link">
            Privacy Policy
          </a>{" "}
          ·{" "}
          <a data-discover href="/terms-of-service" className="link">
            Terms of Service
          </a>
        </p>
      </footer>
    </div>
  );
}

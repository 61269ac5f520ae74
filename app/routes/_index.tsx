import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { greetingFor } from "~/features/discover/greeting";
import { Landing } from "~/features/landing/Landing";
import { getUser } from "~/lib/auth.server";
import { APP_NAME, APP_TAGLINE } from "~/schemas/constants";

export const meta: MetaFunction = () => [
  { title: `${APP_NAME}: find barrel races, log your runs` },
  { name: "description", content: APP_TAGLINE },
  { property: "og:title", content: APP_NAME },
  { property: "og:description", content: APP_TAGLINE },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return { discover: null };
  return { discover: { greeting: greetingFor(user.id, user.firstName), initial: user.firstName.slice(0, 1).toUpperCase() } };
}

export default function Index() {
  const { discover } = useLoaderData<typeof loader>();
  if (!discover) return <Landing />;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-4">
      <div className="flex items-center gap-2">
        <Link to="/settings" className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-200 font-bold text-brand-900" aria-label="Your profile">
          {discover.initial}
        </Link>
        <h1 className="flex-1 text-xl font-bold text-gray-900">{discover.greeting}</h1>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-ghost">
            Sign Out
          </button>
        </Form>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Link to="/run-log" className="btn-secondary">
          Log a Run
        </Link>
        <Link to="/add-event" className="btn-secondary">
          Add Event
        </Link>
      </div>
      <section className="card mt-4">
        <h2 className="font-bold">Upcoming events</h2>
        <p className="mt-1 text-gray-700">No upcoming events found</p>
      </section>
    </main>
  );
}

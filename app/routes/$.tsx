import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/features/landing/Landing";
import { getUser } from "~/lib/auth.server";

/**
 * Unknown paths: a visitor sees the landing page, a signed-in user the 404
 * page. Both answer 404 so crawlers never index a made-up address.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw data(null, { status: 404 });
  return data({ landing: true }, { status: 404 });
}

export default function CatchAll() {
  useLoaderData<typeof loader>();
  return <Landing />;
}

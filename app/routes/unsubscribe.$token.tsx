import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { readUnsubscribeToken, unsubscribe } from "~/features/alerts/unsubscribe.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Unsubscribe | ${APP_NAME}` }, { name: "referrer", content: "same-origin" }];

const BAD_LINK = "This unsubscribe link is not valid. Copy the whole link from the email, or turn alert email off in Settings.";

/** Shows what the button does; a GET changes nothing, so mail scanners that open links unsubscribe nobody. */
export function loader({ params }: LoaderFunctionArgs) {
  const email = readUnsubscribeToken(params.token ?? "");
  if (!email) return data({ error: BAD_LINK }, { status: 400 });
  return { email };
}

/**
 * The page's button, or a mail app's one-click unsubscribe (RFC 8058: a
 * POST whose body is List-Unsubscribe=One-Click). That one is answered 204,
 * success with no body, which mail providers take as done (200 would carry
 * this page).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const email = readUnsubscribeToken(params.token ?? "");
  const form = await readForm(request);
  if (!email) return data({ error: BAD_LINK }, { status: 400 });
  unsubscribe(getDb(), email);
  if (form.get("List-Unsubscribe") === "One-Click") return data(null, { status: 204 });
  return { unsubscribed: email };
}

export default function Unsubscribe() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (actionData && typeof actionData === "object" && "unsubscribed" in actionData) {
    return (
      <AuthLayout title="You are unsubscribed" subtitle={`${actionData.unsubscribed} gets no more alert emails from ${APP_NAME}.`}>
        <p className="text-gray-700">
          Alerts still show in the app&apos;s notifications. To get them by email again, sign in and turn alert email back on under Profile, Alert
          channels.
        </p>
        <a data-discover href="/settings#alert-channels" className="btn-secondary mt-4 w-full">
          Alert Settings
        </a>
      </AuthLayout>
    );
  }
  if ("error" in loaderData || (actionData && typeof actionData === "object" && "error" in actionData)) {
    return (
      <AuthLayout title="Link not valid" subtitle={BAD_LINK}>
        <a data-discover href="/settings#alert-channels" className="btn-secondary w-full">
          Alert Settings
        </a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Unsubscribe from alert emails" subtitle={`Stop alert emails to ${loaderData.email}: new events matching saved searches, changes to saved events, reminders and daily digests.`}>
      <p className="text-gray-700">
        Mail about your account (password resets, email verification) still arrives, and alerts still show in the app. You can turn alert email back on in
        Settings at any time.
      </p>
      <Form method="post" className="mt-4">
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Unsubscribing..." : "Unsubscribe"}
        </button>
      </Form>
    </AuthLayout>
  );
}

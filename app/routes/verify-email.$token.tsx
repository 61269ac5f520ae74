import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { FormError } from "~/components/Field";
import { verifyEmail } from "~/features/auth/auth.server";
import { ALREADY_VERIFIED } from "~/schemas/auth-rules";
import { getDb } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Verify Email | ${APP_NAME}` }, { name: "referrer", content: "same-origin" }];

/**
 * Verification happens only on the POST of this page's button: a plain GET
 * changes nothing, so mail scanners that open links cannot use the token up.
 */
export async function action({ params }: ActionFunctionArgs) {
  try {
    const { alreadyVerified } = verifyEmail(getDb(), params.token ?? "");
    return data({ verified: true as const, alreadyVerified });
  } catch (error) {
    if (error instanceof HttpError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function VerifyEmail() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (actionData && "verified" in actionData) {
    return (
      <AuthLayout
        title={actionData.alreadyVerified ? "Already Verified" : "Email Verified"}
        subtitle={actionData.alreadyVerified ? ALREADY_VERIFIED : "Thanks! Your email address is confirmed and your account is ready."}
      >
        <a data-discover href="/login" className="btn-primary w-full">
          Sign In
        </a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Verify your email" subtitle="Confirm your email address to finish creating your account.">
      {actionData && "error" in actionData ? (
        <div className="space-y-4">
          <FormError message={actionData.error} />
          <p className="text-gray-700">Log in with your email and password to get a new verification email.</p>
          <a data-discover href="/login" className="btn-secondary w-full">
            Go to Log In
          </a>
        </div>
      ) : (
        <Form method="post">
          <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Verifying..." : "Verify My Email"}
          </button>
        </Form>
      )}
    </AuthLayout>
  );
}

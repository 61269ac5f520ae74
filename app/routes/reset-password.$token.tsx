import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { Field, FormError } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { isResetTokenValid, resetPassword } from "~/features/auth/auth.server";
import { getDb } from "~/lib/db.server";
import { formFailure, invalid } from "~/lib/forms.server";
import { resetPasswordSchema } from "~/schemas/auth";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [{ title: `Reset Password | ${APP_NAME}` }, { name: "referrer", content: "same-origin" }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { valid: isResetTokenValid(getDb(), params.token ?? "") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return invalid(submission, { hideFields });
  try {
    await resetPassword(getDb(), params.token ?? "", submission.value.password);
  } catch (error) {
    return formFailure(submission, error, { hideFields });
  }
  return data({ done: true as const });
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });

  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/reset-password/")) {
    return (
      <AuthLayout title="Reset Password">
        <Spinner label="Validating reset link..." />
      </AuthLayout>
    );
  }
  if (actionData && "done" in actionData) {
    return (
      <AuthLayout title="Password Reset Complete" subtitle="Password reset successful! You can now sign in with your new password.">
        <Link to="/login" className="btn-primary w-full">
          Sign In
        </Link>
      </AuthLayout>
    );
  }
  if (!valid) {
    return (
      <AuthLayout title="Invalid Reset Link" subtitle="This password reset link is invalid, has already been used, or has expired.">
        <Link to="/forgot-password" className="btn-primary w-full">
          Request New Reset Link
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        {form.errors?.length ? <FormError message={`Reset failed: ${form.errors[0]}`} /> : null}
        <Field
          label="New password"
          autoComplete="new-password"
          hint="Must be at least 8 characters long."
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
        />
        <Field
          label="Confirm password"
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
          {...getInputProps(fields.confirmPassword, { type: "password" })}
        />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Resetting..." : "Reset Password"}
        </button>
      </Form>
    </AuthLayout>
  );
}

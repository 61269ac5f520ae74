import type { Mail } from "~/lib/mail.server";
import { SUPPORT_EMAIL } from "~/schemas/constants";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function layout(title: string, intro: string, action: string, link: string, outro: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#fdf6ee;padding:24px;color:#1f2937">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#843f19">${escape(title)}</h1>
<p>${escape(intro)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#a4541b;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(action)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser:<br>${escape(link)}</p>
<p style="font-size:13px;color:#6b7280">${escape(outro)}</p>
</div></body></html>`;
}

export function verificationEmail(to: string, firstName: string, link: string): Mail {
  const intro = `Hi ${firstName}, welcome to Cloverleaf! Please confirm your email address to finish creating your account.`;
  const outro = "This link expires in 24 hours. If you did not sign up, you can ignore this email.";
  return {
    to,
    subject: "Verify your email address",
    text: `${intro}\n\nVerify your email: ${link}\n\n${outro}\n`,
    html: layout("Verify your email", intro, "Verify Email", link, outro),
  };
}

export function resetEmail(to: string, firstName: string, link: string): Mail {
  const intro = `Hi ${firstName}, we received a request to reset your password.`;
  const outro =
    "This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email: your password stays the same.";
  return {
    to,
    subject: "Reset your password",
    text: `${intro}\n\nReset your password: ${link}\n\n${outro}\n`,
    html: layout("Reset your password", intro, "Reset Password", link, outro),
  };
}

/** Sent whenever a password changes, so a change the owner did not make does not go unnoticed. */
export function passwordChangedEmail(to: string, firstName: string, loginLink: string, by: "admin" | "self"): Mail {
  const intro =
    by === "admin"
      ? `Hi ${firstName}, an administrator has set a new password for your Cloverleaf account and signed you out everywhere. Ask them for it, or choose your own with "Forgot your password?" on the sign-in page.`
      : `Hi ${firstName}, the password of your Cloverleaf account was just changed, and your other devices were signed out.`;
  const outro = `If you did not expect this, reset your password from the sign-in page and write to ${SUPPORT_EMAIL}.`;
  return {
    to,
    subject: "Your password was changed",
    text: `${intro}\n\nSign in: ${loginLink}\n\n${outro}\n`,
    html: layout("Your password was changed", intro, "Sign In", loginLink, outro),
  };
}

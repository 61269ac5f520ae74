import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/LegalPage";
import { APP_NAME, SUPPORT_EMAIL } from "~/schemas/constants";

export const meta: MetaFunction = () => [
  { title: `Privacy Policy | ${APP_NAME}` },
  {
    name: "description",
    content: `How ${APP_NAME} collects, uses and protects your information, and the choices you have.`,
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">

        <p className="mt-2 text-gray-800 leading-relaxed">
          {APP_NAME} helps barrel racers and other Western riders, their parents and guardians,
          trainers and event producers find local races, save showbills, log runs and follow other
          riders. {APP_NAME} is operated by Cloverleaf, Inc., a Delaware corporation
          (&quot;we,&quot; &quot;us&quot; or &quot;our&quot;). This policy explains what
          information we collect, how we use it and the choices you have.
        </p>
        <p className="mt-2 text-gray-800 leading-relaxed">
          {APP_NAME} can also be self-hosted. If you use a copy run by a rodeo association or another
          organization, your data is stored in that installation&apos;s database and that
          organization is responsible for it. Please contact them with questions about their copy.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">Information We Collect</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          We collect only what you give us while using {APP_NAME}, plus what is needed to keep you
          signed in:
        </p>
        <ul className="mt-2 list-disc pl-5 space-y-1 text-gray-800">
          <li>
            <strong>Account information:</strong> your name, email address, home ZIP code and
            password. We never store your password itself, only a secure hash of it.
          </li>
          <li>
            <strong>Profile information:</strong> your rider type, division, favorite horse, bio and
            profile picture, if you choose to add them.
          </li>
          <li>
            <strong>Rider sub-profiles:</strong> if you are a parent or guardian, the names of the
            children you add as riders on your account.
          </li>
          <li>
            <strong>Run logs:</strong> the horses you ride and the runs you record, including times,
            notes, ratings and videos you upload.
          </li>
          <li>
            <strong>Events:</strong> events and showbills you post as a producer, and the events you
            save to your calendar.
          </li>
          <li>
            <strong>Social activity:</strong> who you follow, who follows you, follow requests and
            the notifications we send you inside the app.
          </li>
          <li>
            <strong>Reports:</strong> reports you submit about content or other users, including the
            reason and description you give.
          </li>
        </ul>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">How We Use Information</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">We use your information to:</p>
        <ul className="mt-2 list-disc pl-5 space-y-1 text-gray-800">
          <li>Create and run your account, keep you signed in and secure it.</li>
          <li>Find barrel races and other events near your ZIP code and within your chosen radius.</li>
          <li>Save showbills to your calendar and keep your run logs for each horse.</li>
          <li>
            Show your profile and runs to others according to your privacy mode: Private (SOLO) keeps
            them to yourself, Invite Only shows them to followers you approve, and Public opens your
            profile to all users while letting you keep individual run logs private.
          </li>
          <li>
            Send you notifications and account emails, such as email verification and password
            resets.
          </li>
          <li>Review reports, moderate content and enforce our Terms of Service.</li>
          <li>Answer your questions when you contact support.</li>
        </ul>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Events posted by producers are public listings, so anyone using {APP_NAME} can see them. Our
          administrators can see the content needed to handle reports and keep the community safe. We
          do not show ads and do not share your information with advertising networks. We may
          disclose information if required by law or to protect the safety of our users.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">Cookies and Analytics</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">{APP_NAME} uses only two cookies:</p>
        <ul className="mt-2 list-disc pl-5 space-y-1 text-gray-800">
          <li>
            A strictly necessary session cookie that keeps you signed in. The app cannot work without
            it.
          </li>
          <li>
            A short-lived cookie that carries an on-screen message, such as &quot;Run saved,&quot;
            from one page to the next.
          </li>
        </ul>
        <p className="mt-2 text-gray-800 leading-relaxed">
          We do not use third-party analytics, advertising trackers or tracking pixels. Because these
          cookies are strictly necessary, we do not ask for cookie consent. If you block them in your
          browser, you will not be able to sign in.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">Security</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          We take reasonable steps to protect your information. Passwords are stored only as secure
          hashes, so no one, including us, can read them. Access to your data is limited to what the
          app needs to work and to administrators handling moderation.
        </p>
        <p className="mt-2 text-gray-800 leading-relaxed">
          No system is perfectly secure, so we cannot guarantee that information will never be
          accessed without permission. Please use a strong password you do not use anywhere else, and
          tell us right away at {SUPPORT_EMAIL} if you think your account has been compromised.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">Your Choices</h2>
        <ul className="mt-2 list-disc pl-5 space-y-1 text-gray-800">
          <li>
            <strong>Privacy mode:</strong> choose Private (SOLO), Invite Only or Public at any time,
            and approve or decline follow requests.
          </li>
          <li>
            <strong>Edit your information:</strong> update your profile, rider sub-profiles, horses
            and run logs, or remove them, whenever you like.
          </li>
          <li>
            <strong>Download your data:</strong> get a copy of your information at any time in
            Settings.
          </li>
          <li>
            <strong>Delete your account:</strong> delete your account at any time in Settings. This
            removes your personal records and uploaded files, such as pictures and videos. Events you
            created may stay listed so riders can still find them, but without your name.
          </li>
        </ul>
        <p className="mt-2 text-gray-800 leading-relaxed">
          If you need help with any of these, contact us and we will respond as soon as we can.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">Children Under 13</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          {APP_NAME} is not intended for children under 13, and children under 13 may not create an
          account or sign in. Young riders appear in {APP_NAME} only as rider sub-profiles that a
          parent or guardian creates and manages on their own account: a sub-profile holds just the
          name the parent gives it and the runs the parent logs for it, and the child never signs in.
          The parent or guardian controls that sub-profile and can remove it at any time.
        </p>
        <p className="mt-2 text-gray-800 leading-relaxed">
          We do not knowingly collect personal information from children under 13. If we learn that a
          child under 13 has an account, we will delete it. If you believe this has happened, please
          contact us at {SUPPORT_EMAIL}.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">Contact Us</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          We may update this policy from time to time. When we do, we will change the effective date
          above and, for important changes, let you know in the app.
        </p>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Questions about this policy or your information? Email Cloverleaf, Inc. at{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="link">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
    </LegalPage>
  );
}

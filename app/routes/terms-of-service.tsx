import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/LegalPage";
import { APP_NAME, SUPPORT_EMAIL } from "~/schemas/constants";

export const meta: MetaFunction = () => [
  { title: `Terms of Service | ${APP_NAME}` },
  {
    name: "description",
    content: `The terms that apply when you use ${APP_NAME} to find events, log runs and follow riders.`,
  },
];

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service">

        <h2 className="mt-6 text-lg font-semibold text-gray-900">1. Acceptance of Terms</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          These Terms of Service (&quot;Terms&quot;) are an agreement between you and Cloverleaf,
          Inc., a Delaware corporation (&quot;we,&quot; &quot;us&quot; or &quot;our&quot;). By
          creating an account or using {APP_NAME}, you agree to these Terms. If you do not agree,
          please do not use {APP_NAME}.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">2. About Cloverleaf</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          {APP_NAME} is an app for barrel racers and other Western riders, their parents and
          guardians, trainers and event producers. You can find local barrel races by ZIP code and
          radius, save showbills to your calendar, log runs for each horse, follow other riders, and,
          as a producer, post events. A rodeo association or other organization may run its own copy
          of {APP_NAME}; that organization is responsible for its copy and the data stored in it.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">3. Accounts</h2>
        <ul className="mt-2 list-disc pl-5 space-y-1 text-gray-800">
          <li>
            You must give accurate information when you register and keep it up to date. Keep your
            password private; you are responsible for everything done under your account.
          </li>
          <li>
            You must be at least 13 years old to use {APP_NAME}. Children under 13 may not have an
            account, and we will delete any account we learn belongs to a child under 13.
          </li>
          <li>
            <strong>Parent accounts:</strong> a parent or guardian may add rider sub-profiles for the
            children they manage. Minors aged 13 and older use {APP_NAME} through a parent or
            guardian&apos;s account rather than their own.
          </li>
          <li>
            <strong>Rider sub-profiles:</strong> a rider sub-profile is part of the parent&apos;s
            account. The parent or guardian is responsible for the riders they manage, including the
            information, runs and videos posted for them and their activity in the app.
          </li>
          <li>Let us know right away if you think someone has used your account without permission.</li>
        </ul>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">4. Acceptable Use</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">When using {APP_NAME}, you agree not to:</p>
        <ul className="mt-2 list-disc pl-5 space-y-1 text-gray-800">
          <li>Harass, threaten, bully or impersonate anyone.</li>
          <li>Post content that is false, misleading, hateful, sexual, violent or illegal.</li>
          <li>Post events that do not exist or that you are not authorized to promote.</li>
          <li>Upload content you do not have the right to share, or private information about others.</li>
          <li>Send spam or unwanted advertising, or misuse reports, follows or notifications.</li>
          <li>
            Try to get into other accounts, get around privacy settings, or interfere with or
            overload the service.
          </li>
        </ul>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Administrators may review reported content and remove anything that breaks these Terms.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">5. User Content</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          &quot;User content&quot; means anything you post, including events, showbills, run logs,
          notes, photos and videos. You keep ownership of your user content. By posting it, you give
          us a non-exclusive, royalty-free, worldwide license to store, display and share it within{" "}
          {APP_NAME} as needed to run the service and according to your privacy settings. This
          license ends when you delete the content or your account, except that events you created
          may stay listed without your name.
        </p>
        <p className="mt-2 text-gray-800 leading-relaxed">
          You are responsible for your user content. If you post an event, you are responsible for
          making sure its date, location, classes, fees, added money and other details are accurate,
          and for updating or removing it if anything changes.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">6. Privacy</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Our{" "}
          <a data-discover href="/privacy-policy" className="link">
            Privacy Policy
          </a>{" "}
          explains what information we collect and how we use it. By using {APP_NAME}, you agree that
          we may use your information as described there.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">7. No Copying</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          {APP_NAME}, including its design, software, text and event listings as collected and
          organized in the app, belongs to Cloverleaf, Inc. or its licensors. You may use it only for
          your own personal, non-commercial use. You may not copy, scrape, crawl, harvest or republish
          the service or its listings, in whole or in part, by hand or with automated tools, or use
          them to build a competing product, without our written permission.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">8. Third-Party Services</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          {APP_NAME} may link to services we do not own or control, such as calendar links that add
          an event to your calendar app, social share links, map directions and producers&apos;
          websites. When you follow these links, the other service&apos;s terms and privacy policy
          apply. We are not responsible for their content, availability or practices.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">9. Termination</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          You may stop using {APP_NAME} and delete your account at any time in Settings. We may
          suspend or close accounts, or remove content, that break these Terms or put other users at
          risk, and we may do so without notice where needed. Sections 5, 7 and 10 through 13 continue
          to apply after your account ends.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">10. Disclaimers</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Event information comes from producers and other users, not from us. We do not check it,
          and dates, locations, entry fees and rules can change or be wrong. Always verify event
          details with the producer before you haul or enter.
        </p>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Horse sports are dangerous and can cause serious injury or death to riders, horses and
          spectators. {APP_NAME} does not organize, supervise or insure any event, and you
          participate at your own risk. {APP_NAME} is provided &quot;as is&quot; and &quot;as
          available,&quot; without warranties of any kind, to the fullest extent the law allows.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">11. Limitation of Liability</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          To the fullest extent the law allows, Cloverleaf, Inc. and its officers, employees and
          partners are not liable for any indirect, incidental, special, consequential or punitive
          damages, or for lost data, profits or entry fees, arising from your use of {APP_NAME}, any
          event listed in it, or any other user&apos;s conduct. Our total liability for any claim
          relating to {APP_NAME} is limited to the greater of the amount you paid us in the 12 months
          before the claim or $100.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">12. Modifications</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          We may update these Terms or change the service from time to time. When we update the
          Terms, we will change the effective date above and, for important changes, let you know in
          the app. If you keep using {APP_NAME} after the changes take effect, you accept the updated
          Terms.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">13. Governing Law</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          These Terms are governed by the laws of the State of Delaware, without regard to its
          conflict-of-law rules. Any dispute relating to these Terms or {APP_NAME} will be brought in
          the state or federal courts located in Delaware, unless the law where you live requires
          otherwise.
        </p>

        <h2 className="mt-6 text-lg font-semibold text-gray-900">14. Contact</h2>
        <p className="mt-2 text-gray-800 leading-relaxed">
          Questions about these Terms? Email Cloverleaf, Inc. at{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="link">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
    </LegalPage>
  );
}

import { layout } from "~/features/auth/emails.server";
import type { Mail } from "~/lib/mail.server";

/** The mail to a newly named timer: which race, and the booth's address to open on race day. */
export function timerNamedEmail(to: string, firstName: string, eventName: string, boothLink: string): Mail {
  const intro = `Hi ${firstName}, you were named a timer of ${eventName}. On race day, open the booth to take the times.`;
  const outro = "You need to be signed in to this account to use the booth.";
  return {
    to,
    subject: `You time ${eventName}`,
    text: `${intro}\n\nThe booth: ${boothLink}\n\n${outro}\n`,
    html: layout(`You time ${eventName}`, intro, "Open the Booth", boothLink, outro),
  };
}

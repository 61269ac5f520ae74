import { APP_NAME } from "~/schemas/constants";

/** The top of a shared run's or horse's page, read by visitors: the app's name home, and Join. */
export function SharedPageBar() {
  return (
    <div className="flex items-center justify-between">
      <a data-discover href="/" className="link text-sm">
        {APP_NAME}
      </a>
      <a data-discover href="/register" className="btn-secondary">
        Join
      </a>
    </div>
  );
}

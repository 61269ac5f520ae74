import { Link } from "@remix-run/react";
import { APP_NAME } from "~/schemas/constants";

/** The top of a shared run's or horse's page, read by visitors: the app's name home, and Join. */
export function SharedPageBar() {
  return (
    <div className="flex items-center justify-between">
      <Link to="/" className="link text-sm">
        {APP_NAME}
      </Link>
      <Link to="/register" className="btn-secondary">
        Join
      </Link>
    </div>
  );
}

import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/useHydrated";

type State = "checking" | "on" | "off" | "blocked" | "unsupported" | "working";

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** The service worker (public/sw.js, registered by entry.client) once it is active; null when there is none. */
async function serviceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The server's own refusal: its `message` is written for riders and is shown as it is. */
class ServerRefusal extends Error {}

/**
 * What a rider reads when turning push on or off failed. The browser's own
 * errors ("Registration failed - permission denied") are for programmers:
 * a refused permission is the "Blocked" state, anything else plain words.
 */
function failure(error: unknown): { blocked: true } | { message: string } {
  if (error instanceof ServerRefusal) return { message: error.message };
  if (error instanceof DOMException && error.name === "NotAllowedError") return { blocked: true };
  return { message: "This browser could not change its notification setting. Please try again; if it keeps failing, reload the page." };
}

async function send(method: "POST" | "DELETE", body: unknown) {
  const response = await fetch("/api/push-subscriptions", {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const { message } = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ServerRefusal(message ?? "The server did not take it. Please try again.");
  }
}

/**
 * "Turn on notifications on this device": subscribes this browser with the
 * server's VAPID key and gives the server the subscription; "Turn off"
 * takes both back. Without JavaScript it says that it needs JavaScript.
 */
export function PushDeviceToggle({ vapidPublicKey }: { vapidPublicKey: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("checking");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const registration = await serviceWorker();
      if (!registration) return "unsupported" as const;
      if (Notification.permission === "denied") return "blocked" as const;
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription) return "off" as const;
      const answer = await fetch(`/api/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
      const { subscribed } = (await answer.json()) as { subscribed?: boolean };
      return subscribed ? ("on" as const) : ("off" as const);
    })()
      .catch(() => "off" as const)
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setState("working");
    setError(null);
    try {
      const registration = await serviceWorker();
      if (!registration) return setState("unsupported");
      if ((await Notification.requestPermission()) !== "granted") return setState("blocked");
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
      await send("POST", subscription.toJSON());
      setState("on");
    } catch (e) {
      const why = failure(e);
      if ("blocked" in why) return setState("blocked");
      setError(why.message);
      setState("off");
    }
  }

  async function turnOff() {
    setState("working");
    setError(null);
    try {
      const registration = await serviceWorker();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await send("DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch (e) {
      const why = failure(e);
      setError("blocked" in why ? "This browser refused: allow notifications for this site in its settings, then try again." : why.message);
      setState("on");
    }
  }

  const status = {
    checking: "Checking…",
    working: "One moment…",
    on: "On: alerts with Push checked arrive on this device.",
    off: "Off on this device.",
    blocked: "Blocked: this browser refuses notifications for this site. Allow them in the browser's site settings, then try again.",
    unsupported: "This browser cannot receive push notifications. On an iPhone, add the app to your Home Screen first.",
  }[state];

  return (
    <div role="group" className="rounded-lg border border-gray-200 p-3" aria-labelledby="push-device-title">
      <h3 id="push-device-title" className="font-semibold text-gray-900">
        Push on this device
      </h3>
      {hydrated ? (
        <>
          <p className="mt-1 text-sm text-gray-700" role="status" data-push-state={state}>
            {status}
          </p>
          {error ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          {state === "on" ? (
            <button type="button" className="btn-secondary mt-2 w-full" onClick={turnOff}>
              Turn off notifications on this device
            </button>
          ) : state === "off" || state === "working" || state === "checking" ? (
            <button type="button" className="btn-primary mt-2 w-full" onClick={turnOn} disabled={state !== "off"}>
              Turn on notifications on this device
            </button>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-gray-700">Turning on notifications for this device needs JavaScript.</p>
      )}
    </div>
  );
}

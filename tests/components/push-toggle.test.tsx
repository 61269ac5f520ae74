// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { PushDeviceToggle } from "../../app/features/settings/PushDeviceToggle";
import { cleanup, click, renderInRemix, waitFor } from "./harness";

/**
 * "Turn on notifications on this device" when the browser's push service
 * refuses: the rider reads plain words, never the browser's own error text
 * ("Registration failed - permission denied").
 */
afterEach(async () => {
  delete (window as { Notification?: unknown }).Notification;
  delete (window as { PushManager?: unknown }).PushManager;
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: undefined });
  await cleanup();
});

function browserWhosePushRefuses(error: Error) {
  Object.assign(window, { PushManager: function PushManager() {}, Notification: { permission: "default", requestPermission: async () => "granted" } });
  const registration = { pushManager: { getSubscription: async () => null, subscribe: async () => Promise.reject(error) } };
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: { ready: Promise.resolve(registration) } });
}

const Toggle = () => <PushDeviceToggle vapidPublicKey="BElkGbS0mKZ3t-sample-key" />;
const state = (page: HTMLElement) => page.querySelector("[data-push-state]")!;
const button = (page: HTMLElement) => [...page.querySelectorAll("button")].find((b) => b.textContent === "Turn on notifications on this device")!;

describe("the push switch when the browser refuses", () => {
  it("says Blocked, in plain words, when the browser denies the permission", async () => {
    browserWhosePushRefuses(new DOMException("Registration failed - permission denied", "NotAllowedError"));
    const page = await renderInRemix(Toggle);
    await waitFor(() => state(page).getAttribute("data-push-state") === "off");
    await click(button(page));
    await waitFor(() => state(page).getAttribute("data-push-state") === "blocked");
    expect(page.textContent).toContain("Blocked: this browser refuses notifications for this site.");
    expect(page.textContent).not.toContain("Registration failed");
  });

  it("says what to do, not the browser's words, for any other failure", async () => {
    browserWhosePushRefuses(new DOMException("Registration failed - push service error", "AbortError"));
    const page = await renderInRemix(Toggle);
    await waitFor(() => state(page).getAttribute("data-push-state") === "off");
    await click(button(page));
    await waitFor(() => Boolean(page.querySelector('[role="alert"]')));
    expect(page.querySelector('[role="alert"]')!.textContent).toBe("This browser could not change its notification setting. Please try again; if it keeps failing, reload the page.");
    expect(page.textContent).not.toContain("Registration failed");
  });
});

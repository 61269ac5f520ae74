// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ShareMenu } from "../../app/components/ShareMenu";
import { cleanup, click, renderInRemix, waitFor } from "./harness";

/**
 * The share menu: its links, "Send to a Rider" only for a rider who is not
 * Private (the root loader's user), Copy Link with the page's own origin,
 * and the phone's share sheet where the browser has one.
 */
const toasts: Array<{ type: string; title: string }> = [];
const onToast = (e: Event) => toasts.push((e as CustomEvent).detail);
let copied: string[] = [];
beforeEach(() => {
  toasts.length = 0;
  copied = [];
  window.addEventListener("app:toast", onToast);
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
});
afterEach(async () => {
  window.removeEventListener("app:toast", onToast);
  delete (navigator as { share?: unknown }).share;
  await cleanup();
});

const Menu = () => <ShareMenu type="event" id="ev1" title="Spring Barrels & Poles" origin="https://cloverleaf.example" />;
const signedIn = (isPrivate: boolean) => ({ rootData: { user: { id: "u1", isPrivate } } });
const item = (page: HTMLElement, name: string) => [...page.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((el) => el.textContent?.trim() === name);

describe("the share menu", () => {
  it("lists the share links for the event, its title and URL encoded", async () => {
    const page = await renderInRemix(Menu, signedIn(false));
    await waitFor(() => Boolean(item(page, "Facebook")));
    const url = `${window.location.origin}/share/event/ev1`;
    expect(item(page, "Facebook")!.getAttribute("href")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(item(page, "X")!.getAttribute("href")).toBe(`https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent("Spring Barrels & Poles")}`);
    expect(item(page, "Email")!.getAttribute("href")).toBe(`mailto:?subject=${encodeURIComponent("Spring Barrels & Poles")}&body=${encodeURIComponent(`Spring Barrels & Poles\n${url}`)}`);
    expect(item(page, "View Shared Link")!.getAttribute("href")).toBe("/share/event/ev1");
    expect(item(page, "Send to a Rider")!.getAttribute("href")).toBe("/share-with/event/ev1");
    expect(page.querySelector("summary")!.getAttribute("aria-label")).toBe("Share Spring Barrels & Poles");
  });

  it("offers no Send to a Rider to a Private rider: sending would name them", async () => {
    const page = await renderInRemix(Menu, signedIn(true));
    await waitFor(() => Boolean(item(page, "Facebook")));
    expect(item(page, "Send to a Rider")).toBeUndefined();
  });

  it("copies the link and says so; says so when copying fails", async () => {
    const page = await renderInRemix(Menu, signedIn(false));
    await waitFor(() => Boolean(item(page, "Copy Link")));
    await click(item(page, "Copy Link")!);
    await waitFor(() => toasts.length > 0);
    expect(copied).toEqual([`${window.location.origin}/share/event/ev1`]);
    expect(toasts[0]).toMatchObject({ type: "success", title: "Link copied!" });
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async () => Promise.reject(new Error("denied")) } });
    await click(item(page, "Copy Link")!);
    await waitFor(() => toasts.length > 1);
    expect(toasts[1]).toMatchObject({ type: "error", title: "Failed to copy" });
  });

  it("offers the phone's share sheet where there is one, and a cancelled share says nothing", async () => {
    const shared: unknown[] = [];
    Object.defineProperty(navigator, "share", { configurable: true, value: async (data: unknown) => void shared.push(data) });
    const page = await renderInRemix(Menu, signedIn(false));
    await waitFor(() => Boolean(item(page, "Share via…")));
    await click(item(page, "Share via…")!);
    await waitFor(() => shared.length > 0);
    expect(shared[0]).toEqual({ title: "Spring Barrels & Poles", url: `${window.location.origin}/share/event/ev1` });
    Object.defineProperty(navigator, "share", { configurable: true, value: async () => Promise.reject(Object.assign(new Error("cancelled"), { name: "AbortError" })) });
    await click(item(page, "Share via…")!);
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts).toEqual([]);
  });

  it("has no share sheet item where the browser has none", async () => {
    const page = await renderInRemix(Menu, signedIn(false));
    await waitFor(() => Boolean(item(page, "Copy Link")));
    expect(item(page, "Share via…")).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EventForm } from "../../app/features/events/EventForm";
import { lookupCityState, lookupZip } from "../../app/lib/gazetteer.server";
import { blur, byId, byName, chooseFile, cleanup, click, errorsOf, pause, renderInRemix, startApi, type, waitFor } from "./harness";

/**
 * The Add Event form's parts that need no browser: the City, State lookup
 * and the ZIP code field, and the showbill's upload states. The /api routes
 * it calls are answered by a small server here, the places from the app's
 * own gazetteer.
 */
let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi({
    "POST /api/geocode-location": (_req, body) => {
      const { address } = JSON.parse(body.toString()) as { address: string };
      const zip = /\b(\d{5})\s*$/.exec(address)?.[1];
      const place = (zip ? lookupZip(zip) : null) ?? lookupCityState(address);
      return place ? { json: { zipCode: place.zip, city: place.city, state: place.state } } : { status: 404, json: { message: "Location not found" } };
    },
    "POST /api/objects/upload": () => ({ json: { uploadURL: `${api.origin}/api/objects/put/token1` } }),
    "PUT /api/objects/put/token1": () => ({ json: {} }),
    "POST /api/objects/convert-url": () => ({ json: { accessURL: "/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg", previewUrl: null } }),
  });
});
afterAll(() => api.close());
afterEach(cleanup);

const AddEvent = () => <EventForm mode="create" cancelTo="/" clientId="c1" />;
const EditEvent = () => <EventForm mode="edit" cancelTo="/" defaults={{ name: "Spring Barrels", location: "Fort Worth, TX", zipCode: "76179", date: "2031-05-01", eventType: ["barrel_racing"] }} />;

/** The lookup runs after a second without typing. */
const LOOKUP_WAIT = 1400;
// The lookup answers once the server does: on a busy machine (every core taken) that took over 3.4 s once, so the waits below allow 9.4 s.
const zipField = () => byName("zipCode");
const locationField = () => byName("location");
const hint = () => document.getElementById(`${zipField().id}-hint`)?.textContent ?? "";
/** A conform field's messages (its list's id is the field's id and "-error"). */
const fieldErrors = (name: string) => errorsOf(byName(name).id);

describe("the ZIP code field and the City, State lookup", () => {
  it("fills an empty ZIP code with the city's and says ZIP Code Found", async () => {
    await renderInRemix(AddEvent);
    await type(locationField(), "Fort Worth, TX");
    await waitFor(() => zipField().value === "76101", LOOKUP_WAIT + 8000);
    expect(hint()).toContain("ZIP Code Found");
  });

  it.each([
    ["Fort Worth, TX", "76179"],
    ["Winston-Salem, NC", "27105"],
  ])("keeps a ZIP code typed before the city (%s, %s)", async (city, zip) => {
    await renderInRemix(AddEvent);
    await type(zipField(), zip);
    await type(locationField(), city);
    await pause(LOOKUP_WAIT);
    await waitFor(() => api.calls.some((c) => c.path === "/api/geocode-location" && c.body.toString().includes(city)));
    await pause(200);
    expect(zipField().value).toBe(zip);
    expect(hint()).not.toContain("ZIP Code Found");
    expect(hint()).toContain(`${zip} is in`);
  });

  it("keeps a ZIP code typed while the lookup waits, and one typed over the lookup's", async () => {
    await renderInRemix(AddEvent);
    await type(locationField(), "Fort Worth, TX");
    await type(zipField(), "76179");
    await pause(LOOKUP_WAIT + 300);
    expect(zipField().value).toBe("76179");
    // Filled by the lookup, then typed over: a second lookup leaves the typed one.
    await type(zipField(), "");
    await type(locationField(), "Fort Worth, Texas");
    await waitFor(() => zipField().value === "76101", LOOKUP_WAIT + 8000);
    await type(zipField(), "76179");
    await type(locationField(), "Fort Worth, TX");
    await pause(LOOKUP_WAIT + 300);
    expect(zipField().value).toBe("76179");
  });

  it("replaces a ZIP code it filled itself when the city changes", async () => {
    await renderInRemix(AddEvent);
    await type(locationField(), "Fort Worth, TX");
    await waitFor(() => zipField().value === "76101", LOOKUP_WAIT + 8000);
    await type(locationField(), "Winston-Salem, NC");
    await waitFor(() => zipField().value === "27101", LOOKUP_WAIT + 8000);
  });

  it("Edit Event: keeps the stored ZIP code when the city is typed again", async () => {
    await renderInRemix(EditEvent);
    expect(zipField().value).toBe("76179");
    await type(locationField(), "Fort Worth, TX ");
    await pause(LOOKUP_WAIT + 300);
    expect(zipField().value).toBe("76179");
  });
});

describe("the showbill's upload states", () => {
  const showbill = () => byId("showbill") as HTMLInputElement;
  const tiny = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "flyer.jpg", { type: "image/jpeg" });

  it("refuses a file over 10 MB by the field, keeps the form from being sent, and lets the rider go on without it", async () => {
    const page = await renderInRemix(AddEvent);
    await chooseFile(showbill(), new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }));
    expect(errorsOf("showbill")).toBe("File Too Large: File size must be less than 10MB");
    expect(showbill().getAttribute("aria-invalid")).toBe("true");
    expect(api.calls.filter((c) => c.path === "/api/objects/upload")).toHaveLength(0);
    // Sending now would add the event without the showbill meant for it: the submit is held.
    const form = page.querySelector("form")!;
    let sent = false;
    // Listened to on the document: after the form's own handler has had its say.
    const onSubmit = (e: Event) => {
      sent = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener("submit", onSubmit);
    const submit = page.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await click(submit);
    document.removeEventListener("submit", onSubmit);
    expect(sent).toBe(false);
    expect(form.contains(document.activeElement) && document.activeElement === showbill()).toBe(true);
    expect(errorsOf("showbill")).toContain("File Too Large");
    await click([...page.querySelectorAll("button")].find((b) => b.textContent === "Go on without a showbill")!);
    expect(errorsOf("showbill")).toBe("");
  });

  it("refuses a file that is not an image or a PDF, and an SVG, naming what is taken", async () => {
    await renderInRemix(AddEvent);
    await chooseFile(showbill(), new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(errorsOf("showbill")).toBe("Invalid File Type: Please select a valid file type: a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF.");
    await chooseFile(showbill(), new File(["<svg/>"], "flyer.svg", { type: "image/svg+xml" }));
    expect(errorsOf("showbill")).toContain("SVG drawings are not accepted.");
  });

  it("uploads an accepted file and carries its stored URL in the form", async () => {
    const page = await renderInRemix(AddEvent);
    await chooseFile(showbill(), tiny());
    await waitFor(() => page.querySelector<HTMLInputElement>('input[name="showbillUrl"]')!.value !== "");
    expect(page.querySelector<HTMLInputElement>('input[name="showbillUrl"]')!.value).toBe("/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg");
    expect(errorsOf("showbill")).toBe("");
    expect(page.textContent).toContain("Current showbill:");
    expect(api.calls.some((c) => c.method === "PUT" && c.path === "/api/objects/put/token1")).toBe(true);
  });

  it("says a refusal from the server by the field", async () => {
    const page = await renderInRemix(AddEvent);
    // The server reads the content: these bytes are no image, whatever the name says.
    const refusing = await startApi({
      "POST /api/objects/upload": () => ({ json: { uploadURL: `${refusing.origin}/api/objects/put/t2` } }),
      "PUT /api/objects/put/t2": () => ({ status: 415, json: { code: "file_not_real", title: "Invalid File Type", message: "This file is not a real image or PDF, whatever its name says." } }),
    });
    try {
      await chooseFile(showbill(), tiny());
      await waitFor(() => errorsOf("showbill") !== "");
      expect(errorsOf("showbill")).toBe("Invalid File Type: This file is not a real image or PDF, whatever its name says.");
      expect(page.querySelector<HTMLInputElement>('input[name="showbillUrl"]')!.value).toBe("");
    } finally {
      await refusing.close();
    }
  });
});

describe("field messages", () => {
  it("shows a field's message when it loses focus, in plain words", async () => {
    await renderInRemix(AddEvent);
    const name = byName("name");
    await type(name, "x".repeat(201));
    await blur(name);
    await waitFor(() => fieldErrors("name") !== "");
    expect(fieldErrors("name")).toBe("Must be at most 200 characters");
    // A browser without a date picker sends what was typed: here, a day not on the calendar.
    const date = byName("date");
    date.type = "text";
    await type(date, "2027-02-30");
    await blur(date);
    await waitFor(() => fieldErrors("date") !== "");
    expect(fieldErrors("date")).toBe("That day is not on the calendar (like February 30): check the day and month");
  });
});

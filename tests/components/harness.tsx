import http from "node:http";
import type { AddressInfo } from "node:net";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import type { ComponentType } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";

/*
 * What the component tests share: the component rendered inside a Remix
 * route with createRemixStub (so its <Form>, useNavigation and root loader
 * data are Remix's own), in happy-dom, driven the way a rider's browser
 * drives it (values typed, focus moved, clicks), and a small HTTP server in
 * the test standing in for the app's /api routes the component calls with
 * fetch and XMLHttpRequest.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler = (req: http.IncomingMessage, body: Buffer) => { status?: number; json: unknown } | undefined;

/** A server answering the routes given; the page's origin is moved to it, so the component's relative URLs reach it. */
export async function startApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: Buffer }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? "/", "http://x").pathname;
      calls.push({ method: req.method ?? "GET", path, body });
      const answer = routes[`${req.method} ${path}`]?.(req, body);
      res.writeHead(answer?.status ?? (answer ? 200 : 404), { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
      res.end(JSON.stringify(answer?.json ?? { message: "Not found" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  return { origin, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let root: Root | null = null;
let container: HTMLElement | null = null;

/** Renders `Component` as the page of a stubbed Remix app whose root loader answers `rootData`. */
export async function renderInRemix(Component: ComponentType, { rootData = { user: null } as Record<string, unknown>, path = "/page" } = {}) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      Component: RootOutlet,
      children: [{ path: path.slice(1), Component }],
    },
  ]);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<Stub initialEntries={[path]} />));
  await waitFor(() => container!.childElementCount > 0);
  return container;
}

// The stub's root route renders its child page.
function RootOutlet() {
  return <Outlet />;
}

export async function cleanup() {
  await act(async () => root?.unmount());
  container?.remove();
  root = null;
  container = null;
}

/** Waits (real time) until `check` holds, letting React and the network run. */
export async function waitFor(check: () => boolean, timeout = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error("waitFor: condition never held");
    await act(async () => new Promise((r) => setTimeout(r, 20)));
  }
}

export const pause = (ms: number) => act(async () => new Promise((r) => setTimeout(r, ms)));

/** Types a value into a field as a browser does: focus, the new value, an input event. */
export async function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    field.focus();
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")!.set!;
    setter.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** Moves the focus away from a field (a Tab to the next one). */
export async function blur(field: HTMLElement) {
  await act(async () => {
    field.blur();
  });
}

export async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

/** Chooses a file in a file input, as the picker does. */
export async function chooseFile(input: HTMLInputElement, file: File) {
  await act(async () => {
    Object.defineProperty(input, "files", { configurable: true, value: Object.assign([file], { item: (i: number) => [file][i] ?? null }) });
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

export const byId = <T extends HTMLElement = HTMLInputElement>(id: string) => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`no #${id}`);
  return found as T;
};

/** The form control named `name` (conform gives the fields ids of its own). */
export const byName = <T extends HTMLElement = HTMLInputElement>(name: string) => {
  const found = document.querySelector(`[name="${name}"]`);
  if (!found) throw new Error(`no [name=${name}]`);
  return found as T;
};

/** The text of a field's error list, or "" when it has none. */
export const errorsOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? "";

// What a phone keeps of this build to open the app's pages with no signal
// (`npm run build`, before scripts/precompress.js). Reads the build's own
// manifest (public/build/manifest-*.js), takes every screen a rider may open
// offline (each route module whose source is a .tsx page, admin screens
// aside: they are used at a desktop, online), and follows every import from
// those modules, static and dynamic (the run log's form, the booth's parts
// that load on first use), to the last chunk and stylesheet. Writes
// public/build/offline-<version>.json, which the service worker (public/sw.js)
// fetches when it installs: the whole list is kept before the worker takes
// over, and a new build's worker keeps its own list whole.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "public/build");
const routesDir = path.join(root, "app/routes");

const manifestFile = fs.readdirSync(buildDir).find((f) => /^manifest-[\w]+\.js$/.test(f));
if (!manifestFile) throw new Error("public/build has no manifest: run `remix build` first");
const source = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

/** A route is a screen when its module is a .tsx file; resource routes (.ts) have no page. */
const isScreen = (id) => id === "root" || (id.startsWith("routes/") && fs.existsSync(path.join(routesDir, `${id.slice("routes/".length)}.tsx`)));
const offline = (id) => isScreen(id) && !/^routes\/admin/.test(id);

const start = [manifest.entry.module, ...manifest.entry.imports];
for (const route of Object.values(manifest.routes)) {
  if (!offline(route.id)) continue;
  start.push(route.module, ...(route.imports ?? []), ...(route.css ?? []));
}
// The stylesheets the document links (Tailwind's, fingerprinted under _assets).
for (const file of fs.readdirSync(path.join(buildDir, "_assets"))) if (file.endsWith(".css")) start.push(`/build/_assets/${file}`);

const ASSET = /\/build\/[\w.$/[\]-]+\.(?:js|css)/g;
const assets = [...new Set(start)];
for (let i = 0; i < assets.length; i++) {
  const file = path.join(root, "public", assets[i]);
  if (!fs.existsSync(file)) throw new Error(`${assets[i]} is in the manifest but not in public/build`);
  if (!file.endsWith(".js")) continue;
  for (const more of fs.readFileSync(file, "utf8").match(ASSET) ?? []) if (!assets.includes(more)) assets.push(more);
}
// The manifest itself names every route: kept, but not followed.
assets.push(`/build/${manifestFile}`);
assets.sort();

let bytes = 0;
let gzipped = 0;
for (const asset of assets) {
  const data = fs.readFileSync(path.join(root, "public", asset));
  bytes += data.length;
  gzipped += zlib.gzipSync(data, { level: 9 }).length;
}
const out = `offline-${manifest.version}.json`;
fs.writeFileSync(path.join(buildDir, out), JSON.stringify({ version: manifest.version, bytes, gzipped, assets }));
console.log(`offline: ${assets.length} files kept on the phone, ${Math.round(bytes / 1024)} KB (${Math.round(gzipped / 1024)} KB gzipped) in public/build/${out}`);

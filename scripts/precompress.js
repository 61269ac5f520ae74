// Compresses the built browser assets once, at build time (`npm run build`):
// next to each file of public/build a .br (Brotli, quality 11) and a .gz
// (gzip by zopfli, a few percent smaller than zlib's level 9 and readable by
// every gzip decoder), which server/app.ts serves as they are. Phones download
// fewer bytes than on-the-fly compression gives, and the server spends no
// CPU compressing the same file for every visitor.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const root = path.resolve(import.meta.dirname, "../public/build");
const COMPRESSIBLE = /\.(js|css|svg|json|map|txt|html)$/;
/** Smaller files go as they are (the server's compression threshold, server/app.ts). */
const MIN_BYTES = 256;

let files = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  fs.writeFileSync(`${file}.gz`, await gzipAsync(data, { numiterations: 15 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  );
  files++;
}
console.log(`precompressed ${files} files in public/build`);

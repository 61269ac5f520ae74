// `npm start`: builds once when no build exists, then runs the compiled server
// (build/server/index.js, from server/ by `npm run build`) in this process, so
// the container's SIGTERM reaches it directly.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

if (!fs.existsSync("build/index.js") || !fs.existsSync("build/server/index.js")) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ||= "production";
await import("../build/server/index.js");

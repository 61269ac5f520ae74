// `npm start`: builds once when no build exists, then runs the server in this
// process (so the container's SIGTERM reaches it directly).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { register } from "tsx/esm/api";

if (!fs.existsSync("build/index.js")) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ||= "production";
register();
await import("../server/index.ts");

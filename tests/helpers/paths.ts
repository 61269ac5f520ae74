import path from "node:path";

export const TMP_DIR = path.resolve("tests/.tmp");

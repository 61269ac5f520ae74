export type Toast = { type: "success" | "error"; title: string; description?: string };

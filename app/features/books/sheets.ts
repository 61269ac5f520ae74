/** The printed sheets of race day, by their path name (/events/{id}/sheets/{sheet}). */
export const SHEETS = ["announcer", "gate", "numbers"] as const;
export type Sheet = (typeof SHEETS)[number];
export const SHEET_TITLES: Record<Sheet, string> = { announcer: "Announcer's draw sheet", gate: "Gate sheet", numbers: "Back numbers" };

export type SheetRun = {
  entryId: string;
  position: number;
  backNumber: number | null;
  riderName: string;
  horseName: string;
  hometown: string | null;
  dragsBefore: number;
  late: boolean;
  scratched: boolean;
};

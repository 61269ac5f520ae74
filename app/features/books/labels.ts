/** How a fee was paid, as the office's screens and sheets say it. */
const METHOD_LABELS: Record<string, string> = { CASH: "Cash", CHECK: "Check", CARD: "Card", ONLINE: "Online", COMP: "Comp", NOT_SAID: "Not said" };

export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;

/** The books' columns of fees paid, in the order the office counts them. */
export const PAID_COLUMNS = ["CASH", "CHECK", "CARD", "ONLINE", "COMP", "NOT_SAID"] as const;

/** The dashboard's sections, in the order of its tab row; the audit log opens from the header. */
export const TABS = [
  { id: "users", label: "User Management" },
  { id: "reported-users", label: "Reported Users" },
  { id: "reported-events", label: "Reported Events" },
  { id: "showbills", label: "Pending Showbills" },
  { id: "events", label: "Event Moderation" },
  { id: "runs", label: "Run Log Visibility" },
  { id: "invites", label: "Invitation Stats" },
  { id: "notifications", label: "Notifications" },
] as const;

export type TabId = (typeof TABS)[number]["id"] | "audit";

/** The open tab from the URL's `tab`; an unknown one opens User Management. */
export function tabOf(url: URL): TabId {
  const tab = url.searchParams.get("tab");
  return TABS.some((t) => t.id === tab) || tab === "audit" ? (tab as TabId) : "users";
}

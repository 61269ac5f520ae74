/** One of five greetings, chosen by the last digit of the user id. */
export const GREETINGS = [
  "Welcome back",
  "Ready to ride",
  "Saddle up",
  "Good to see you",
  "Let's make it a clean run",
] as const;

/** An account this young has never been away: it is welcomed, not welcomed back. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

export function greetingFor(userId: string, firstName: string, isNew = false) {
  // Ids are UUIDs: the last character is a hex digit.
  const digit = parseInt(userId.slice(-1), 16);
  const greeting = GREETINGS[(Number.isNaN(digit) ? 0 : digit) % GREETINGS.length];
  return `${isNew && greeting === "Welcome back" ? "Welcome" : greeting}, ${firstName}!`;
}

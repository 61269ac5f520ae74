/** One of five greetings, chosen by the last digit of the user id. */
export const GREETINGS = [
  "Welcome back",
  "Ready to ride",
  "Saddle up",
  "Good to see you",
  "Let's make it a clean run",
] as const;

export function greetingFor(userId: string, firstName: string) {
  // Ids are UUIDs: the last character is a hex digit.
  const digit = parseInt(userId.slice(-1), 16);
  const greeting = GREETINGS[(Number.isNaN(digit) ? 0 : digit) % GREETINGS.length];
  return `${greeting}, ${firstName}!`;
}

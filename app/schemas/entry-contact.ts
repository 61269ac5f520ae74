/**
 * Where riders enter an event: a phone number or a web address. Kept apart
 * from the zod schemas so the event card can tell the two apart without
 * shipping zod to the browser.
 */
const PHONE = /^\+?[\d\s().-]+$/;

/** 7 to 15 digits, with the usual + ( ) - . and spaces. */
export const isPhoneNumber = (s: string) => PHONE.test(s) && /^\D*(\d\D*){7,15}$/.test(s);

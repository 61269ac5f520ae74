import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from "react";
import { afterTap, trackTaps } from "~/lib/taps";
import type { FieldMessages } from "~/schemas/auth-rules";

/** What an action answers for a refused form: conform's `submission.reply()`. */
export type FormResult = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

/** The name of the form control an event came from ("" for anything else). */
function nameOf(target: EventTarget) {
  const name = (target as { name?: unknown }).name;
  return typeof name === "string" ? name : "";
}

function messagesOf(result: FormResult | null | undefined): FieldMessages {
  const out: FieldMessages = {};
  for (const [name, list] of Object.entries(result?.error ?? {})) if (list?.length) out[name] = list;
  return out;
}

/**
 * Instant messages for the signed-out forms without shipping conform and zod
 * to the browser (see app/schemas/auth-rules.ts). It behaves like the
 * conform setup of the signed-in forms: a field is checked when it loses
 * focus, then again on every change; submitting checks everything and
 * focuses the first field in error. The server's answer (`result`) replaces
 * what the browser found, and is what shows when JavaScript is off.
 */
export function useFormChecks(check: (form: FormData) => FieldMessages, result?: FormResult | null) {
  const [messages, setMessages] = useState(() => messagesOf(result));
  useEffect(trackTaps, []);
  const [shownResult, setShownResult] = useState(result);
  // Fields checked once keep being checked as the rider types.
  const checked = useRef(new Set<string>());
  if (shownResult !== result) {
    setShownResult(result);
    setMessages(messagesOf(result));
  }

  function recheck(form: HTMLFormElement, name: string) {
    checked.current.add(name);
    const found = check(new FormData(form));
    setMessages((current) => {
      const next: FieldMessages = { ...current };
      for (const field of checked.current) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
  }

  const form = {
    // Before hydration too: without JavaScript the server answers with the same messages.
    noValidate: true,
    onBlur(e: FocusEvent<HTMLFormElement>) {
      // Focus going to this form's submit button: the submit checks everything. A message
      // appearing now would push the button away from under the pointer and lose the click.
      const next = e.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === e.currentTarget) return;
      const name = nameOf(e.target);
      const form = e.currentTarget;
      // Focus leaving because of a tap on another control (the terms checkbox): the message waits for
      // the tap's click, so the control does not move under the finger and the tap is not lost.
      if (name) afterTap(() => recheck(form, name));
    },
    onChange(e: ChangeEvent<HTMLFormElement>) {
      const name = nameOf(e.target);
      if (name && (checked.current.has(name) || messages[name])) recheck(e.currentTarget, name);
    },
    onSubmit(e: FormEvent<HTMLFormElement>) {
      const found = check(new FormData(e.currentTarget));
      const names = Object.keys(found);
      setMessages(found);
      if (!names.length) return;
      e.preventDefault();
      for (const name of names) checked.current.add(name);
      const first = Array.from(e.currentTarget.elements).find((el) => names.includes(nameOf(el)));
      if (first instanceof HTMLElement) first.focus();
    },
  };

  return {
    form,
    /** Messages of one field, for `<Field errors>`. */
    errors: (name: string) => messages[name],
    /** The form-level message (e.g. "Invalid email or password"). */
    formError: messages[""]?.[0],
    /** What the rider typed, when the server sends the form back (JavaScript off). */
    initial: (name: string) => {
      const v = result?.initialValue?.[name];
      return typeof v === "string" ? v : undefined;
    },
  };
}

/*
 * A tap moves the focus before it lands: on a phone the focus change (and a
 * field's message that it shows) comes between the finger's press and the
 * click. A message shown then pushes down what was tapped (the "I agree"
 * box), and the tap misses it. Forms that check a field when it loses focus
 * hold the message back until the tap has landed: `afterTap`.
 */

/** The longest a press's click is waited for (no click follows a drag or a scroll). */
const CLICK_WAIT_MS = 1500;

let tapping = false;
let tracking = false;

/** Follows presses on the page; called by each form that checks (once is enough). */
export function trackTaps() {
  if (tracking || typeof document === "undefined") return;
  tracking = true;
  let over: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener(
    "pointerdown",
    () => {
      clearTimeout(over);
      tapping = true;
      over = setTimeout(() => (tapping = false), CLICK_WAIT_MS);
    },
    true,
  );
  document.addEventListener("click", () => setTimeout(() => (tapping = false), 0), true);
}

/** Whether a tap is under way: from the press until its click has been handled. */
export const isTapping = () => tapping;

/** Runs `show` now, or, during a tap, once its click has been handled. */
export function afterTap(show: () => void) {
  if (!tapping) return show();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    document.removeEventListener("click", run, true);
    clearTimeout(fallback);
    // After the click's own handlers (the box is ticked), then the message.
    setTimeout(show, 0);
  };
  document.addEventListener("click", run, true);
  const fallback = setTimeout(run, CLICK_WAIT_MS);
}

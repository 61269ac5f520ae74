import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// The app shell and the last copy of each page open offline (public/sw.js).
if ("serviceWorker" in navigator) {
  // Not fatal when it fails: the app works online without it.
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {});
  // This module loads through a dynamic import, often after "load" has fired.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

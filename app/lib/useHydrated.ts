import { useEffect, useState } from "react";

/** False in the server HTML and during hydration, true once JavaScript runs. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

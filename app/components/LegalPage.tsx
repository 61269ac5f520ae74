import type { ReactNode } from "react";

const LEGAL_EFFECTIVE_DATE = "September 4, 2025";

/** The frame of the Privacy Policy and the Terms of Service. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-6">
      <a data-discover href="/" className="link">
        Back to Home
      </a>
      <article className="legal mt-4">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        <p className="text-sm text-gray-600">Effective {LEGAL_EFFECTIVE_DATE}</p>
        {children}
      </article>
    </main>
  );
}

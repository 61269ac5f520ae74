import type { ReactNode } from "react";
import { APP_NAME } from "~/schemas/constants";
import { Logo } from "./Logo";

/** The frame of every signed-out form: brand, title, card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-6">
      <a data-discover href="/" className="mb-6 flex items-center gap-2 self-start text-lg font-bold text-brand-800">
        <Logo className="h-8 w-8" />
        {APP_NAME}
      </a>
      <div className="card p-5">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-gray-700">{subtitle}</p> : null}
        <div className="mt-5">{children}</div>
      </div>
    </main>
  );
}

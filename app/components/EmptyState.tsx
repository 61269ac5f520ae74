import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card text-center">
      <p className="font-semibold text-gray-900">{title}</p>
      {children ? <div className="mt-1 text-gray-700">{children}</div> : null}
    </div>
  );
}

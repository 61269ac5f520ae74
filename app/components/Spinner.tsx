export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-gray-700">
      <span
        aria-hidden
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
      />
      <span>{label}</span>
    </div>
  );
}

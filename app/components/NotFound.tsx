
export function NotFound({ title, text, linkLabel = "Go Home" }: { title: string; text?: string; linkLabel?: string }) {
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {text ? <p className="text-gray-700">{text}</p> : null}
      <a data-discover href="/" className="btn-primary mt-2">
        {linkLabel}
      </a>
    </main>
  );
}

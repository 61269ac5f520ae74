/** A rider's picture, or their initial when there is none. */
export function Avatar({ name, src, size = 36 }: { name: string; src?: string | null; size?: number }) {
  const style = { width: size, height: size };
  // Avatars sit in lists, often below the fold: fetched when about to show, decoded off the main thread.
  if (src) return <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} className="shrink-0 rounded-full object-cover" />;
  return (
    <span style={style} className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900" aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

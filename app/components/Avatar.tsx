/**
 * A rider's picture, or their initial when there is none. Small ones sit in
 * lists, often below the fold: fetched when about to show. A large one (48 px
 * and up) heads its screen: fetched at once, with a larger initial.
 */
export function Avatar({ name, src, size = 36 }: { name: string; src?: string | null; size?: number }) {
  const style = { width: size, height: size };
  const heads = size >= 48;
  if (src) return <img src={src} alt="" width={size} height={size} loading={heads ? "eager" : "lazy"} decoding="async" style={style} className="shrink-0 rounded-full object-cover" />;
  return (
    <span style={style} className={`flex shrink-0 items-center justify-center rounded-full font-bold text-brand-900 ${heads ? "bg-brand-200 text-2xl" : "bg-brand-100"}`} aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function Stars({ rating, className = "text-base" }: { rating: number; className?: string }) {
  return (
    <span className={`text-amber-500 ${className}`} role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="text-gray-300">{"★".repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}

/** A labelled progress bar (wagering, quest tasks): the value is whole percent. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-surface"
    >
      <div className="h-full rounded-full bg-button transition-[width] duration-200" style={{ width: `${String(percent)}%` }} />
    </div>
  )
}

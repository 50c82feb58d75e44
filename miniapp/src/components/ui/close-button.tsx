/**
 * The round × button in a panel's corner that closes or dismisses it: 44 px to tap, the cross
 * drawn smaller, its name read out. `inset` pulls it into the panel's padding; `compact` draws
 * the smaller cross used by notices.
 */
export function CloseButton({ label, onClick, inset, compact = false }: { label: string; onClick: () => void; inset: string; compact?: boolean }) {
  const size = compact ? '18' : '20'
  return (
    <button type="button" onClick={onClick} aria-label={label} className={`${inset} grid size-11 shrink-0 place-items-center rounded-full text-hint hover:text-fg`}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  )
}

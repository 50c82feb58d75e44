import { t } from '@/lib/i18n'

const RADIUS = 42
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

/** A ring filled to `percent` (0 to 100) with the percent in its middle: the way to the next level. */
export function LevelRing({ percent, size = 112 }: { percent: number; size?: number }) {
  const shown = Math.min(Math.max(percent, 0), 100)
  return (
    <div
      role="progressbar"
      aria-label={t('Progress to the next level')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      className="relative grid shrink-0 place-items-center"
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true" className="-rotate-90">
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="10" className="stroke-section" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          className="stroke-button transition-[stroke-dashoffset] duration-200"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - shown / 100)}
        />
      </svg>
      <span className="absolute text-sm font-bold text-fg tabular-nums">{`${String(shown)}%`}</span>
    </div>
  )
}

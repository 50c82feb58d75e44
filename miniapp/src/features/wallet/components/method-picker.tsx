import { feePercent, type PaymentMethod, type PaymentMethodGroup, popularName, type PopularMethodName } from '@/features/wallet/payments/methods'
import { t } from '@/lib/i18n'

/** Marks of the popular methods (spec section 9): a letter mark with the brand's colour, no external images. */
const MARKS: Readonly<Record<PopularMethodName, { mark: string; color: string }>> = {
  bitcoin: { mark: '₿', color: '#a76311' },
  ethereum: { mark: 'Ξ', color: '#566ecd' },
  tether: { mark: '₮', color: '#1f8464' },
  tron: { mark: 'T', color: '#eb0029' },
  visa: { mark: 'VISA', color: '#1a1f71' },
  gpay: { mark: 'G', color: '#3c4043' },
  masterCard: { mark: 'MC', color: '#eb001b' },
  cashAgent: { mark: '¤', color: '#5b6770' },
  uzcard: { mark: 'UZ', color: '#1b5faa' },
  neteller: { mark: 'N', color: '#557e27' },
  astroPay: { mark: 'A', color: '#e30613' },
  bankTransfer: { mark: '⌂', color: '#37474f' },
  skrill: { mark: 'S', color: '#862165' },
  jeton: { mark: 'J', color: '#cb4700' },
}

function MethodIcon({ method }: { method: Pick<PaymentMethod, 'name' | 'displayName'> }) {
  const popular = popularName(method)
  const { mark, color } = popular ? MARKS[popular] : { mark: method.displayName.slice(0, 1).toUpperCase(), color: '#5b6770' }
  // The brand's colour is a stripe, the letters are in the palette's own colours (readable in both).
  return (
    <span
      aria-hidden="true"
      style={{ borderLeftColor: color }}
      className="grid h-8 w-11 shrink-0 place-items-center rounded-md border-l-4 bg-section text-[11px] font-bold tracking-tight text-fg"
    >
      {mark}
    </span>
  )
}

export interface MethodPickerProps {
  groups: readonly PaymentMethodGroup[]
  value: string | undefined
  onChange: (method: PaymentMethod) => void
  /** Formats minor units of the method's currency. */
  format: (amount: number, code: string) => string
  legend: string
}

/** The methods as radio buttons in their groups, each with its limits and fee: arrow keys move between them. */
export function MethodPicker({ groups, value, onChange, format, legend }: MethodPickerProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      {groups.map((group) => (
        <div key={group.name} className="flex flex-col gap-1.5">
          <p className="text-xs font-semibold tracking-wide text-hint uppercase">{group.name}</p>
          {group.paymentMethods.map((method) => {
            const fee = feePercent(method)
            return (
              <label
                key={method.id}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-section bg-bg px-3 py-2 has-checked:border-button"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method.id}
                  checked={method.id === value}
                  onChange={() => {
                    onChange(method)
                  }}
                  className="size-4 shrink-0 accent-(--app-button)"
                />
                <MethodIcon method={method} />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-fg">{method.displayName}</span>
                  <span className="block text-xs text-hint">
                    {t('{min} – {max}', { min: format(method.minAmount, method.currency), max: format(method.maxAmount, method.currency) })}
                    {fee ? ` · ${t('Fee {percent}%', { percent: fee })}` : ` · ${t('No fee')}`}
                  </span>
                </span>
              </label>
            )
          })}
        </div>
      ))}
    </fieldset>
  )
}

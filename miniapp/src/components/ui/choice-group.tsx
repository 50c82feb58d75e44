export interface ChoiceGroupProps<Value extends string> {
  label: string
  value: Value
  options: readonly { value: Value; label: string }[]
  onChange: (value: Value) => void
}

/** A row of toggle buttons of which one is on: a compact switch between a form's variants. */
export function ChoiceGroup<Value extends string>({ label, value, options, onChange }: ChoiceGroupProps<Value>) {
  return (
    <div role="group" aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-section p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => {
            onChange(option.value)
          }}
          className="min-h-10 rounded-lg text-sm font-semibold text-hint transition-colors duration-150 aria-pressed:bg-surface aria-pressed:text-fg"
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}

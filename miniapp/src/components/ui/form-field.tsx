import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string | undefined
}

/** A labelled input whose error is announced and tied to it. */
export function TextField({ label, error, className = '', ...props }: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        {...(error ? { 'aria-describedby': errorId } : {})}
        className="min-h-11 rounded-xl border border-section bg-bg px-3 text-base text-fg placeholder:text-hint aria-invalid:border-destructive"
        {...props}
      />
      <FieldError id={errorId} error={error} />
    </div>
  )
}

export interface SelectFieldProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string; lang?: string }[]
  error?: string | undefined
  disabled?: boolean
}

export function SelectField({ label, name, value, onChange, options, error, disabled }: SelectFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
        }}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        {...(error ? { 'aria-describedby': errorId } : {})}
        className="min-h-11 rounded-xl border border-section bg-bg px-3 text-base text-fg aria-invalid:border-destructive"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

export interface CheckboxFieldProps {
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
  error?: string | undefined
}

export function CheckboxField({ name, checked, onChange, children, error }: CheckboxFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked)
          }}
          aria-invalid={error ? true : undefined}
          {...(error ? { 'aria-describedby': errorId } : {})}
          className="mt-0.5 size-5 shrink-0 accent-(--app-button)"
        />
        <label htmlFor={id} className="text-sm text-fg">
          {children}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

/** A field's error, under it, named by the field's `aria-describedby` (`id`). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-destructive">
      {error}
    </p>
  ) : null
}

/** A form-level failure, announced as it appears (the form's submission gives the haptic feedback). */
export function FormError({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className="rounded-xl bg-destructive/15 px-3 py-2 text-sm text-destructive">
      {children}
    </p>
  ) : null
}

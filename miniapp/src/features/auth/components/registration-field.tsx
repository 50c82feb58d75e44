import { ComboboxField } from '@/components/ui/combobox-field'
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-field'
import { chosenCurrency, type ScenarioField } from '@/features/auth/registration-scenario'
import { t, useI18n } from '@/lib/i18n'
import { useCountries } from '@/lib/settings'
import { applyMask, countryOptions } from '@/lib/validation'

export interface CurrencyOption {
  value: string
  label: string
}

interface RegistrationFieldProps {
  field: Omit<ScenarioField, 'rules' | 'isRequired'>
  value: string | boolean
  error: string | undefined
  /** The currencies a new player may choose; the first is preselected. */
  currencies: readonly CurrencyOption[]
  onChange: (value: string | boolean) => void
}

/**
 * One field of the registration scenario, shown as its kind asks; typed text goes through the field's
 * mask (spec section 5) when it has one. The captcha is the form's own (it resets after a refusal).
 */
export function RegistrationField({ field, value, error, currencies, onChange }: RegistrationFieldProps) {
  const text = typeof value === 'string' ? value : ''
  const label = field.label()
  switch (field.kind) {
    case 'check':
      return (
        <CheckboxField name={field.field} checked={value === true} onChange={onChange} error={error}>
          {label}
        </CheckboxField>
      )
    case 'currency':
      return currencies.length > 0 ? (
        <SelectField label={label} name={field.field} value={chosenCurrency(text, currencies)} onChange={onChange} options={currencies} error={error} />
      ) : null
    case 'country':
      return <CountryField label={label} name={field.field} value={text} onChange={onChange} error={error} />
    case 'captcha':
      return null
    default:
      return (
        <TextField
          label={label}
          name={field.field}
          type={field.kind === 'text' ? 'text' : field.kind}
          {...(field.kind === 'email' || field.kind === 'tel' ? { inputMode: field.kind } : {})}
          {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
          {...(field.kind === 'tel' ? { placeholder: '+447700900123' } : {})}
          value={text}
          onChange={(event) => {
            onChange(field.mask ? applyMask(event.target.value, field.mask) : event.target.value)
          }}
          error={error}
        />
      )
  }
}

function CountryField({ label, name, value, onChange, error }: { label: string; name: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { locale } = useI18n()
  const countries = useCountries()
  const options = countryOptions(countries.data ?? [], locale).map((country) => ({ value: country.code, label: country.name }))
  return <ComboboxField label={label} name={name} value={value} onChange={onChange} options={options} error={error} placeholder={t('Choose a country')} />
}

import { useMemo } from 'react'

import { ComboboxField } from '@/components/ui/combobox-field'
import { FormError, SelectField, TextField } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { SubmitButton } from '@/components/ui/submit-button'
import { useProfileFieldRules } from '@/features/profile/api/field-rules'
import { useProfile } from '@/features/profile/api/get-profile'
import { useUpdateProfile } from '@/features/profile/api/update-profile'
import { ProfilePageFrame, ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import { CPF_COUNTRY, personalChange, personalSchema, personalValues, type PersonalValues } from '@/features/profile/personal-schema'
import type { Profile } from '@/lib/api-types'
import { useForm } from '@/lib/forms'
import { t, useI18n } from '@/lib/i18n'
import { useCountries } from '@/lib/settings'
import { showToast } from '@/lib/toasts'
import { countryOptions, type ServerFieldValidation } from '@/lib/validation'

/** `/profile/personal`: the details the operator needs to pay out and verify a player. */
export function PersonalDetailsPage() {
  const profile = useProfile()
  const rules = useProfileFieldRules()
  let body
  if (profile.isError || rules.isError)
    body = (
      <LoadError
        title={t('Your details did not load')}
        onRetry={() => {
          void profile.refetch()
          void rules.refetch()
        }}
      />
    )
  else if (!profile.data || !rules.data) body = <ProfileSkeleton rows={5} />
  // Keyed by the stored details: a save (or a change from another tab) starts the form from them again.
  else body = <PersonalDetailsForm key={JSON.stringify(personalValues(profile.data))} profile={profile.data} serverRules={rules.data} />
  return <ProfilePageFrame title={t('Personal details')}>{body}</ProfilePageFrame>
}

function PersonalDetailsForm({ profile, serverRules }: { profile: Profile; serverRules: readonly ServerFieldValidation[] }) {
  const { locale } = useI18n()
  const countries = useCountries()
  const initial = useMemo(() => personalValues(profile), [profile])
  const update = useUpdateProfile()
  const form = useForm({
    initialValues: initial,
    // The rules follow the country chosen in the form (the CPF is asked of players in Brazil).
    schema: (values) => personalSchema(serverRules, values.country),
    mutation: update,
    variables: (values: PersonalValues) => personalChange(initial, values),
    onSuccess: () => {
      showToast({ title: t('Your details are saved'), tone: 'success' })
    },
  })
  const schema = useMemo(() => personalSchema(serverRules, form.values.country), [serverRules, form.values.country])
  const required = (field: string) => schema[field]?.some((rule) => rule.name === 'required') ?? false
  const label = (text: string, field: string) => (required(field) ? `${text} *` : text)
  const options = countryOptions(countries.data ?? [], locale)

  return (
    <form
      noValidate
      onSubmit={form.submit}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-hint">{t('Use your details as they appear on your ID: withdrawals and verification check them.')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={label(t('First name'), 'firstName')} autoComplete="given-name" {...form.field('firstName')} />
        <TextField label={label(t('Last name'), 'lastName')} autoComplete="family-name" {...form.field('lastName')} />
        <TextField label={label(t('Date of birth'), 'birthdate')} type="date" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} {...form.field('birthdate')} />
        <SelectField
          label={label(t('Gender'), 'gender')}
          {...form.choice('gender')}
          options={[
            { value: '', label: t('Not stated') },
            { value: 'female', label: t('Female') },
            { value: 'male', label: t('Male') },
            { value: 'other', label: t('Other') },
          ]}
        />
        <ComboboxField
          label={label(t('Country'), 'country')}
          {...form.choice('country')}
          placeholder={t('Choose a country')}
          options={options.map((country) => ({ value: country.code, label: country.name }))}
        />
        <TextField label={label(t('City'), 'city')} autoComplete="address-level2" {...form.field('city')} />
        <TextField label={label(t('Address'), 'address')} autoComplete="street-address" {...form.field('address')} />
        <TextField label={label(t('Postal code'), 'postalCode')} autoComplete="postal-code" {...form.field('postalCode')} />
        {form.values.country.toUpperCase() === CPF_COUNTRY ? (
          <TextField label={label(t('CPF number'), 'cpf_number')} inputMode="numeric" placeholder="000.000.000-00" {...form.field('cpf_number')} />
        ) : null}
      </div>
      <FormError>{form.formError}</FormError>
      <SubmitButton text={t('Save')} pendingText={t('Saving…')} pending={form.pending} onSubmit={form.submit} className="self-start" />
    </form>
  )
}

import { type ChangeEvent, useMemo } from 'react'

import { ComboboxField } from '@/components/ui/combobox-field'
import { FormError, SelectField, TextField } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { SubmitButton } from '@/components/ui/submit-button'
import { useProfileFieldRules } from '@/features/profile/api/field-rules'
import { useProfile } from '@/features/profile/api/get-profile'
import { useUpdateProfile } from '@/features/profile/api/update-profile'
import { ProfilePageFrame, ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import {
  CPF_COUNTRY,
  operatorFields,
  personalChange,
  personalSchema,
  personalValues,
  type PersonalValues,
} from '@/features/profile/personal-schema'
import type { Profile } from '@/lib/api-types'
import { useForm } from '@/lib/forms'
import { t, useI18n } from '@/lib/i18n'
import { useCountries } from '@/lib/settings'
import { showToast } from '@/lib/toasts'
import { countryOptions, type ServerFieldValidation } from '@/lib/validation'
import { applyMask, CPF_MASK, maskedInput, PERSONAL_ID_MASK, postalCodeMask } from '@/lib/validation/masks'

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
  const needsAnswer = (values: PersonalValues) => values.securityQuestion.trim() !== '' && !profile.hasSecurityAnswer
  const form = useForm({
    initialValues: initial,
    // The rules follow the country chosen in the form (the CPF is asked of players in Brazil).
    schema: (values) => personalSchema(serverRules, values.country, needsAnswer(values)),
    mutation: update,
    variables: (values: PersonalValues) => personalChange(initial, values),
    onSuccess: () => {
      showToast({ title: t('Your details are saved'), tone: 'success' })
    },
  })
  const schema = personalSchema(serverRules, form.values.country, needsAnswer(form.values))
  const required = (field: string) => schema[field]?.some((rule) => rule.name === 'required') ?? false
  const label = (text: string, field: string) => (required(field) ? `${text} *` : text)
  const options = countryOptions(countries.data ?? [], locale).map((country) => ({ value: country.code, label: country.name }))
  const shown = new Set<string>(operatorFields(serverRules))
  // The form keeps what the mask's tokens accept; the input shows it with the mask's separators.
  const masked = (name: 'cpf_number' | 'postalCode' | 'personalIdNumber', mask: string) => ({
    ...form.field(name),
    value: applyMask(form.values[name], mask),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.set(name, maskedInput(event.target.value, mask))
    },
  })

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
          options={options}
        />
        <TextField label={label(t('City'), 'city')} autoComplete="address-level2" {...form.field('city')} />
        <TextField label={label(t('Address'), 'address')} autoComplete="street-address" {...form.field('address')} />
        {shown.has('additionalAddress') ? (
          <TextField label={label(t('Address line 2'), 'additionalAddress')} autoComplete="address-line2" {...form.field('additionalAddress')} />
        ) : null}
        <TextField label={label(t('Postal code'), 'postalCode')} autoComplete="postal-code" {...masked('postalCode', postalCodeMask(form.values.country))} />
        {form.values.country.toUpperCase() === CPF_COUNTRY ? (
          <TextField label={label(t('CPF number'), 'cpf_number')} inputMode="numeric" placeholder="000.000.000-00" {...masked('cpf_number', CPF_MASK)} />
        ) : null}
        {shown.has('fullName') ? <TextField label={label(t('Full name'), 'fullName')} autoComplete="name" {...form.field('fullName')} /> : null}
        {shown.has('nationality') ? (
          <ComboboxField label={label(t('Nationality'), 'nationality')} {...form.choice('nationality')} placeholder={t('Choose a country')} options={options} />
        ) : null}
        {shown.has('placeOfBirth') ? <TextField label={label(t('Place of birth'), 'placeOfBirth')} {...form.field('placeOfBirth')} /> : null}
        {shown.has('profession') ? (
          <TextField label={label(t('Profession'), 'profession')} autoComplete="organization-title" {...form.field('profession')} />
        ) : null}
        {shown.has('personalIdNumber') ? (
          <TextField label={label(t('ID document number'), 'personalIdNumber')} autoCapitalize="characters" {...masked('personalIdNumber', PERSONAL_ID_MASK)} />
        ) : null}
        {shown.has('securityQuestion') ? (
          <TextField label={label(t('Security question'), 'securityQuestion')} autoComplete="off" {...form.field('securityQuestion')} />
        ) : null}
        {shown.has('securityAnswer') ? (
          <TextField
            label={label(t('Security answer'), 'securityAnswer')}
            autoComplete="off"
            placeholder={profile.hasSecurityAnswer ? t('Saved. Type a new answer to change it') : undefined}
            {...form.field('securityAnswer')}
          />
        ) : null}
      </div>
      <FormError>{form.formError}</FormError>
      <SubmitButton text={t('Save')} pendingText={t('Saving…')} pending={form.pending} onSubmit={form.submit} className="self-start" />
    </form>
  )
}

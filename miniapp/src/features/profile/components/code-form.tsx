import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import type { Form } from '@/lib/forms'
import { t } from '@/lib/i18n'

/** A contact's one-time code, what went wrong, and Confirm; `children` is the form's other way on. */
export function CodeForm({ form, children }: { form: Form<{ code: string }>; children: ReactNode }) {
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField label={t('Code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field('code')} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Checking…') : t('Confirm')}
      </Button>
      {children}
    </form>
  )
}

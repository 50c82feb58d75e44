import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError, TextField } from '@/components/ui/form-field'
import { CODE_MAX_LENGTH, CODE_TRIGGER_NOW, refusedCodeStatus, CODE_INCORRECT, useApplyBonusCode } from '@/features/bonuses/api/bonus-codes'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'
import { showToast } from '@/lib/toasts'
import { maxLength, regex, required } from '@/lib/validation'

const schema = { bonusCode: [required(), maxLength(CODE_MAX_LENGTH), regex(/^[\p{L}\p{N}_-]+$/u)] }

/**
 * `?get-code`: enter a bonus code. The platform decides: a code it refuses with status 3 shows
 * "incorrect", 4 "not available" (spec section 4); an accepted one issues its bonus, which then arrives
 * on the live channel.
 */
export default function GetCodeModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const { state } = useSession()
  const close = () => void modals.close('get-code')
  return (
    <Dialog title={t('Bonus code')} description={t('Enter your code to get its bonus.')} zIndex={zIndex} onClose={close}>
      {state.status === 'loggedIn' ? (
        <CodeForm onApplied={close} />
      ) : (
        <Button className="w-full" onClick={() => void modals.open('sign-in')}>
          {t('Sign in')}
        </Button>
      )}
    </Dialog>
  )
}

function CodeForm({ onApplied }: { onApplied: () => void }) {
  const form = useForm({
    initialValues: { bonusCode: '' },
    schema,
    mutation: useApplyBonusCode(),
    variables: (values) => ({ bonusCode: values.bonusCode.trim(), trigger: CODE_TRIGGER_NOW }),
    onSuccess: () => {
      showToast({ title: t('Your code is applied'), tone: 'success' })
      onApplied()
    },
  })
  const refused = refusedCodeStatus(form.failure)
  const refusal =
    refused === undefined
      ? undefined
      : refused === CODE_INCORRECT
        ? t('This bonus code is incorrect.')
        : t('This bonus code is not available.')
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField
        label={t('Code')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={CODE_MAX_LENGTH + 1}
        {...form.field('bonusCode')}
      />
      <FormError>{refusal ?? form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Checking…') : t('Apply code')}
      </Button>
    </form>
  )
}

import { useSignIn } from '@/features/auth/api/sign-in'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import type { SessionResponse } from '@/lib/api-types'
import { useForm } from '@/lib/forms'
import { required } from '@/lib/validation'
import { t } from '@/lib/i18n'

const schema = { login: [required()], password: [required()] }

export interface SignInFormProps {
  onSignedIn: (session: SessionResponse) => void
  onForgotPassword: () => void
  onCreateAccount: () => void
}

/** E-mail (or phone) and password sign-in. */
export function SignInForm({ onSignedIn, onForgotPassword, onCreateAccount }: SignInFormProps) {
  const form = useForm({
    initialValues: { login: '', password: '' },
    schema,
    mutation: useSignIn(),
    variables: ({ login, password }) => ({ login: login.trim(), password }),
    onSuccess: onSignedIn,
    serverFields: { email: 'login' },
    codeMessages: { invalid_credentials: t('The e-mail or password is incorrect.') },
  })

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField label={t('E-mail')} type="email" inputMode="email" autoComplete="username" {...form.field('login')} />
      <TextField label={t('Password')} type="password" autoComplete="current-password" {...form.field('password')} />
      <button type="button" onClick={onForgotPassword} className="-mt-2 min-h-11 self-end text-sm font-semibold text-link">
        {t('Forgot password?')}
      </button>
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Signing in…') : t('Sign in')}
      </Button>
      <p className="text-center text-sm text-hint">
        {t('New here?')}{' '}
        <button type="button" onClick={onCreateAccount} className="min-h-11 font-semibold text-link">
          {t('Create an account')}
        </button>
      </p>
    </form>
  )
}

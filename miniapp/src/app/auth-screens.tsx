import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

import { hidePreloader } from '@/app/preloader'

import { buttonClassName } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { modalSearch } from '@/lib/modals'
import { t } from '@/lib/i18n'

/** A sign-in that runs by itself (a link, a provider's return): what is happening while it does. */
export function AuthProgress({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span aria-hidden="true" className="size-10 rounded-full border-4 border-section border-t-accent motion-safe:animate-spin" />
      <p className="text-base font-semibold text-fg">{label}</p>
    </div>
  )
}

/** Such a sign-in that could not finish, and the ways on. */
export function AuthProblem({ title, description }: { title: string; description: string }) {
  // These pages hold the start-up preloader while they work; a problem ends the work, so it must go.
  useEffect(() => {
    hidePreloader()
  }, [])
  return (
    <StateMessage
      role="alert"
      title={title}
      description={description}
      action={
        <div className="flex flex-col gap-2">
          <Link to="/" search={modalSearch('sign-in')} className={buttonClassName('primary', 'w-60')}>
            {t('Sign in')}
          </Link>
          <Link to="/" search={{}} className={buttonClassName('secondary', 'w-60')}>
            {t('Homepage')}
          </Link>
        </div>
      }
    />
  )
}

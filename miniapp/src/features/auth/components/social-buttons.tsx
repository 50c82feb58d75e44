import { useState } from 'react'

import { SOCIAL_PROVIDERS, type SocialProvider, socialConsentUrl } from '@/features/auth/api/social'
import { createSocialState } from '@/features/auth/social-state'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { t } from '@/lib/i18n'

const names: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' }

export interface SocialButtonsProps {
  /** The route to come back to after signing in. */
  back: string
  affiliateTag?: string | undefined
  /** Leaves for the provider's consent page; a full page load. */
  leave?: (url: string) => void
}

/** "Continue with …" for each provider: the provider's consent, then `/auth/social/{provider}/callback`. */
function leaveForProvider(url: string): void {
  window.location.assign(url)
}

export function SocialButtons({ back, affiliateTag, leave = leaveForProvider }: SocialButtonsProps) {
  const [pending, setPending] = useState<SocialProvider>()
  const [error, setError] = useState<string>()

  const start = async (provider: SocialProvider) => {
    setPending(provider)
    setError(undefined)
    try {
      leave(await socialConsentUrl({ provider, state: createSocialState(back), ...(affiliateTag ? { affiliateTag } : {}) }))
    } catch {
      setError(t('{provider} sign-in is not available right now. Try again or use another way.', { provider: names[provider] }))
      setPending(undefined)
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-3 text-xs text-hint before:h-px before:flex-1 before:bg-section after:h-px after:flex-1 after:bg-section">
        {t('or continue with')}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {SOCIAL_PROVIDERS.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={pending !== undefined}
            aria-label={t('Continue with {provider}', { provider: names[provider] })}
            onClick={() => void start(provider)}
            className="px-2"
          >
            {names[provider]}
          </Button>
        ))}
      </div>
      <FormError>{error}</FormError>
    </div>
  )
}

import { useState } from 'react'

import { SOCIAL_PROVIDERS, type SocialProvider, socialConsentUrl } from '@/features/auth/api/social'
import { createSocialState } from '@/features/auth/social-state'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { t } from '@/lib/i18n'

const names: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' }

export interface SocialLinkButtonsProps {
  /** Providers already linked: no button for them. */
  linked: readonly string[]
  /** Where the player comes back to once linked (spec section 2: the profile). */
  back: string
  /** Leaves for the provider's consent page; a full page load. */
  leave?: (url: string) => void
}

/** "Link …" for each provider not linked yet: the provider's consent, then the callback links it. */
export function SocialLinkButtons({ linked, back, leave = (url) => { window.location.assign(url); } }: SocialLinkButtonsProps) {
  const [pending, setPending] = useState<SocialProvider>()
  const [error, setError] = useState<string>()
  const available = SOCIAL_PROVIDERS.filter((provider) => !linked.includes(provider))
  if (available.length === 0) return null

  const start = async (provider: SocialProvider) => {
    setPending(provider)
    setError(undefined)
    try {
      leave(await socialConsentUrl({ provider, state: createSocialState(back, sessionStorage, 'link') }))
    } catch {
      setError(t('{provider} is not available right now. Try again later.', { provider: names[provider] }))
      setPending(undefined)
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {available.map((provider) => (
          <Button key={provider} variant="secondary" disabled={pending !== undefined} onClick={() => void start(provider)}>
            {t('Link {provider}', { provider: names[provider] })}
          </Button>
        ))}
      </div>
      <FormError>{error}</FormError>
    </div>
  )
}

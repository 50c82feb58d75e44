import { Link } from '@tanstack/react-router'

import { NoticeModal } from '@/components/notice-modal'
import { Button, buttonClassName } from '@/components/ui/button'
import { fittingLocale } from '@/features/app-surfaces/geo-notice'
import { LOCALE_NAMES, LOCALE_TAGS, t, useI18n, useSwitchLocale } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useVisitorGeo } from '@/lib/settings'

/** The country's name in the page's language, from a two-letter code; undefined for anything else. */
export function countryName(code: string | undefined, languageTag: string): string | undefined {
  if (code === undefined || !/^[A-Za-z]{2}$/.test(code)) return undefined
  try {
    return new Intl.DisplayNames([languageTag], { type: 'region' }).of(code.toUpperCase())
  } catch {
    return undefined
  }
}

/**
 * `geo-popup` (value: the visitor's country code, when known), opened once per country by `GeoNotice`:
 * where the operator does not serve real-money play, what that means, what still works and a way to
 * support; where the country speaks another of the site's languages, the switch to it.
 */
export default function GeoPopupModal({ value, zIndex }: ModalProps) {
  const { locale } = useI18n()
  const modals = useModals()
  const switchLocale = useSwitchLocale()
  const geo = useVisitorGeo()
  const code = typeof value === 'string' ? value : undefined
  const country = countryName(code, LOCALE_TAGS[locale])
  // Opened from an address without the platform's word on this country, it is the restricted notice.
  const restricted = geo.data?.country !== code?.toUpperCase() || geo.data?.restricted !== false
  const fitting = geo.data ? fittingLocale(geo.data, locale) : undefined
  const switchTo = fitting ? (
    <Button
      variant={restricted ? 'secondary' : 'primary'}
      className="w-full"
      lang={LOCALE_TAGS[fitting]}
      onClick={() => {
        void modals.close('geo-popup', { replace: true }).then(() => switchLocale(fitting))
      }}
    >
      {t('Switch to {language}', { language: LOCALE_NAMES[fitting] })}
    </Button>
  ) : null
  if (!restricted)
    return (
      <NoticeModal modal="geo-popup" title={t('Welcome')} zIndex={zIndex} action={switchTo}>
        <p>
          {country && fitting
            ? t('The site is also in {language}, spoken in {country}.', { language: LOCALE_NAMES[fitting], country })
            : t('Everything on the site is available in your country.')}
        </p>
      </NoticeModal>
    )
  return (
    <NoticeModal
      modal="geo-popup"
      title={t('Not available in your country')}
      zIndex={zIndex}
      action={
        <>
          <Link to="/support" onClick={() => void modals.close('geo-popup', { replace: true })} className={buttonClassName('primary', 'w-full')}>
            {t('Contact support')}
          </Link>
          {switchTo}
        </>
      }
    >
      <p>
        {country
          ? t('Real-money games, sports bets and deposits are not offered in {country}.', { country })
          : t('Real-money games, sports bets and deposits are not offered in your country.')}
      </p>
      <p>{t('You can still browse the site, play games in demo mode, see your account and withdraw your balance.')}</p>
    </NoticeModal>
  )
}

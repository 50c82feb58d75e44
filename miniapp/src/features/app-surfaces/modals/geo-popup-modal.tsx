import { Link } from '@tanstack/react-router'

import { NoticeModal } from '@/components/notice-modal'
import { buttonClassName } from '@/components/ui/button'
import { LOCALE_TAGS, t, useI18n } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

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
 * `geo-popup` (value: the visitor's country code, when known): the operator does not serve real-money
 * play in the visitor's country. The spec names the key only; it says what that means and what still
 * works, and leads to support.
 */
export default function GeoPopupModal({ value, zIndex }: ModalProps) {
  const { locale } = useI18n()
  const modals = useModals()
  const country = countryName(typeof value === 'string' ? value : undefined, LOCALE_TAGS[locale])
  return (
    <NoticeModal
      modal="geo-popup"
      title={t('Not available in your country')}
      zIndex={zIndex}
      action={
        <Link to="/support" onClick={() => void modals.close('geo-popup', { replace: true })} className={buttonClassName('primary', 'w-full')}>
          {t('Contact support')}
        </Link>
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

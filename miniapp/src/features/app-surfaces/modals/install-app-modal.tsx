import { useState } from 'react'

import { NoticeModal } from '@/components/notice-modal'
import { Button } from '@/components/ui/button'
import { env } from '@/config/env'
import { t } from '@/lib/i18n'
import { promptInstall, useInstallPrompt } from '@/lib/install-prompt'
import { type ModalProps, useModals } from '@/lib/modals'
import { addNativeToHomeScreen, useCanAddToHomeScreen } from '@/lib/native'

/** iPhones and iPads install from Safari's share sheet only: no browser prompt exists there. */
function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent)
}

/**
 * `install-app`: the app on the home screen. In Telegram the messenger's add-to-home-screen (where the
 * client supports it); on the web the browser's install dialog when it offers one (the manifest makes
 * the app installable), else the steps for the player's browser.
 */
export default function InstallAppModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const prompt = useInstallPrompt()
  const [declined, setDeclined] = useState(false)
  const native = useCanAddToHomeScreen()
  const title = t('Install {app}', { app: env.VITE_APP_NAME })

  if (prompt.installed) {
    return (
      <NoticeModal modal="install-app" title={title} zIndex={zIndex}>
        <p>{t('The app is on your device. Open it from your home screen or app list.')}</p>
      </NoticeModal>
    )
  }

  const install = async () => {
    if (native) {
      if (addNativeToHomeScreen()) void modals.close('install-app')
      return
    }
    const accepted = await promptInstall()
    if (accepted) void modals.close('install-app')
    else setDeclined(true)
  }
  const offered = native || prompt.available
  return (
    <NoticeModal
      modal="install-app"
      title={title}
      zIndex={zIndex}
      action={
        offered ? (
          <Button onClick={() => void install()} className="w-full">
            {native ? t('Add to home screen') : t('Install')}
          </Button>
        ) : undefined
      }
    >
      <p>{t('Open the casino from your home screen in one tap, full screen, without the browser around it.')}</p>
      {declined ? <p role="status">{t('Not installed. You can install the app from here at any time.')}</p> : null}
      {offered ? null : (
        <p>
          {isAppleMobile()
            ? t('In Safari, tap Share, then Add to Home Screen.')
            : t('Open your browser’s menu and choose Install app or Add to home screen.')}
        </p>
      )}
    </NoticeModal>
  )
}

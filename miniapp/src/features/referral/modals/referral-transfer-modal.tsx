import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { LoadError } from '@/components/ui/load-error'
import { FormError } from '@/components/ui/form-field'
import { StateMessage } from '@/components/ui/state-message'
import { useReferralProgramme } from '@/features/referral/api/get-programme'
import { useTransferEarnings } from '@/features/referral/api/transfer-earnings'
import { failureMessage } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { formatIn } from '@/lib/money-in'
import { haptic } from '@/lib/native'
import { useCurrencies } from '@/lib/settings'
import { showToast } from '@/lib/toasts'

/** `?referral-transfer={currency}`: confirms moving that currency's referral earnings into the wallet. */
export default function ReferralTransferModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const programme = useReferralProgramme()
  const currencies = useCurrencies()
  const transfer = useTransferEarnings()
  // One key per opening of the confirmation: a retry of the same transfer reuses it.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const close = () => void modals.close('referral-transfer')
  const currency = value === true ? undefined : value.toUpperCase()
  const balance = programme.data?.balances.find((candidate) => candidate.currency === currency)
  let body
  if (programme.isError) body = <LoadError title={t('The referral programme did not load')} onRetry={() => void programme.refetch()} />
  else if (!programme.data) body = <div aria-hidden="true" className="skeleton h-20 rounded-xl" />
  else if (!balance || !currency || balance.available <= 0)
    body = <StateMessage title={t('Nothing to move')} description={t('When a friend you invited deposits, your share shows here.')} />
  else {
    const amount = formatIn(balance.available, currency, currencies.data) ?? '—'
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm">{t('{amount} goes to your {currency} balance at once.', { amount, currency })}</p>
        <FormError>{transfer.isError ? failureMessage(transfer.error) : undefined}</FormError>
        <Button
          disabled={transfer.isPending}
          onClick={() => {
            transfer.mutate(
              { currency, idempotencyKey },
              {
                onSuccess: (done) => {
                  haptic('success')
                  showToast({
                    title: t('{amount} moved to your balance', { amount: formatIn(done.amount, done.currency, currencies.data) ?? amount }),
                    tone: 'success',
                  })
                  close()
                },
                onError: () => {
                  haptic('error')
                },
              },
            )
          }}
        >
          {t('Move {amount}', { amount })}
        </Button>
      </div>
    )
  }
  return (
    <Dialog title={t('Move earnings to your balance')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}

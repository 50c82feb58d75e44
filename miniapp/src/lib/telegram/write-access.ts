import { useEffect } from 'react'

import { useLaunch } from '@/lib/launch'
import { requestNativeWriteAccess } from '@/lib/native'
import { reportWriteAccess } from '@/lib/telegram/api/write-access'

/** Set once the player answered the write-access prompt: they are never asked again on this device. */
export const WRITE_ACCESS_ASKED_KEY = 'telegramWriteAccessAsked'

let asking = false

/** Whether the launch's init data says the player lets the bot write to them (`allows_write_to_pm`). */
export function launchAllowsWriteToPm(initData: string): boolean {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { allows_write_to_pm?: unknown } | null
    return user?.allows_write_to_pm === true
  } catch {
    return false
  }
}

/** After the launch signed in: a player whose launch allows it becomes reachable by the bot. */
export async function reportLaunchWriteAccess(initData: string): Promise<void> {
  if (launchAllowsWriteToPm(initData)) await reportWriteAccess()
}

/**
 * After the player's first successful deposit, the moment a message about their money makes sense: asks
 * once for Telegram's write access (never when the launch already allows it, never again once answered)
 * and, when allowed, tells the bot.
 */
export async function askForWriteAccessOnce(initData: string, storage: Storage = localStorage): Promise<void> {
  if (asking || launchAllowsWriteToPm(initData) || storage.getItem(WRITE_ACCESS_ASKED_KEY) !== null) return
  asking = true
  try {
    const allowed = await requestNativeWriteAccess()
    if (allowed === undefined) return
    storage.setItem(WRITE_ACCESS_ASKED_KEY, allowed ? 'allowed' : 'declined')
    if (allowed) await reportWriteAccess()
  } finally {
    asking = false
  }
}

/**
 * In Telegram, once `depositArrived`: the moment to ask for the bot's chat (`askForWriteAccessOnce`). Both
 * places a player learns their deposit arrived use it: the wallet's payment status and `deposit-success`
 * (raised live, or by the provider's page sending the player back).
 */
export function useAskForWriteAccessOnDeposit(depositArrived: boolean): void {
  const launch = useLaunch()
  useEffect(() => {
    if (depositArrived && launch.mode === 'telegram') void askForWriteAccessOnce(launch.initData)
  }, [depositArrived, launch])
}


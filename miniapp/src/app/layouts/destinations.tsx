import type { LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { BonusIcon, CasinoIcon, HomeIcon, SportIcon } from '@/app/layouts/nav-icons'
import { t } from '@/lib/i18n'

export interface Destination {
  icon: () => ReactNode
  label: () => string
  to: NonNullable<LinkProps['to']>
}

/** The site's main destinations, as the bottom navigation and the drawer both show them. */
export const DESTINATIONS: readonly Destination[] = [
  { icon: HomeIcon, label: () => t('Home'), to: '/' },
  { icon: CasinoIcon, label: () => t('Casino'), to: '/games' },
  { icon: SportIcon, label: () => t('Sport'), to: '/sport' },
  { icon: BonusIcon, label: () => t('Bonuses'), to: '/bonuses' },
]

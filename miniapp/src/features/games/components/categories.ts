import { type GameCategory, type GameSort } from '@/features/games/listing-path'
import { t } from '@/lib/i18n'

/** The categories' names, as players read them. */
export function categoryName(category: GameCategory): string {
  return { slots: t('Slots'), live: t('Live casino'), table: t('Table games'), crash: t('Crash games') }[category]
}

export function sortName(sort: GameSort): string {
  return { popular: t('Most popular'), new: t('Newest'), name: t('Name, A to Z'), 'name-desc': t('Name, Z to A') }[sort]
}

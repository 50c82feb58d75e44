import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'

import { Dialog } from '@/components/ui/dialog'
import { collectionsQueryOptions } from '@/features/games/api/get-collections'
import { categoryName } from '@/features/games/components/categories'
import { GAME_CATEGORIES } from '@/features/games/listing-path'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

const item = 'flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-fg hover:bg-section'

/** Every category and collection, each leading to its listing (the link drops the query: the modal closes). */
export default function CategoriesModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const collections = useQuery(collectionsQueryOptions())
  return (
    <Dialog title={t('Categories')} zIndex={zIndex} variant="sheet" onClose={() => void modals.close('categories')}>
      <nav aria-label={t('Categories')} className="flex max-h-[70dvh] flex-col gap-4 overflow-y-auto">
        <ul className="flex flex-col">
          <li>
            <Link to="/games/$" params={{ _splat: 'sort-popular' }} className={item}>
              {t('All games')}
            </Link>
          </li>
          {GAME_CATEGORIES.map((category) => (
            <li key={category}>
              <Link to="/games/$" params={{ _splat: `category-${category}` }} className={item}>
                {categoryName(category)}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/games/providers" className={item}>
              {t('Providers')}
            </Link>
          </li>
        </ul>
        <section aria-labelledby="categories-collections" className="flex flex-col gap-1">
          <h3 id="categories-collections" className="px-3 text-xs font-semibold tracking-wide text-hint uppercase">
            {t('Collections')}
          </h3>
          {collections.isPending ? <div className="skeleton h-24 rounded-xl" aria-hidden="true" /> : null}
          {/* Collection failures are an empty result (spec section 8): the categories above still work. */}
          <ul className="flex flex-col">
            {(collections.data ?? [])
              .filter((collection) => collection.gamesCount > 0)
              .map((collection) => (
                <li key={collection.id}>
                  <Link to="/games/$" params={{ _splat: `collection-${collection.identity}` }} className={item}>
                    {collection.name}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      </nav>
    </Dialog>
  )
}

import { Link } from '@tanstack/react-router'
import { useId } from 'react'

import { type CatalogueSport, SPORT_CATALOGUE } from '@/features/sportsbook/sport-catalogue'
import { t } from '@/lib/i18n'

/** A CSS background of an image address the build validated (a site path or https, no quotes). */
function background(url: string | undefined): { backgroundImage: string } | undefined {
  return url === undefined ? undefined : { backgroundImage: `url("${url}")` }
}

/**
 * The sport catalogue as cards on `/sport` (spec section 3: each sport's card background and card
 * image): a row to scroll, each card a link to the sport's page. The images are decoration; the name
 * is the link's text.
 */
export function SportCards({ sports = SPORT_CATALOGUE }: { sports?: readonly CatalogueSport[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="px-4 text-lg font-semibold text-fg">
        {t('Sports')}
      </h2>
      <ul className="flex snap-x snap-mandatory scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {sports.map((sport) => (
          <li key={sport.id} className="snap-start">
            <Link
              to="/sport/$"
              params={{ _splat: sport.code }}
              className="flex h-24 w-28 flex-col items-center justify-center gap-1 rounded-2xl bg-section bg-cover bg-center p-2 text-center"
              style={background(sport.images.cardBackground)}
            >
              {sport.images.cardImage ? (
                <img src={sport.images.cardImage} alt="" width={40} height={40} loading="lazy" decoding="async" className="size-10" />
              ) : null}
              {/* Legible on any artwork: the name sits on its own plate. */}
              <span className="rounded-md bg-surface/90 px-1.5 text-xs font-semibold text-fg">{sport.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The sport's widget background (spec section 3), above the widget on its pages; decoration only. */
export function SportBackdrop({ sport }: { sport: CatalogueSport | undefined }) {
  const image = sport?.images.widgetBackground
  if (image === undefined) return null
  return <div aria-hidden="true" data-testid="sport-backdrop" className="mx-2 h-16 rounded-2xl bg-section bg-cover bg-center" style={background(image)} />
}

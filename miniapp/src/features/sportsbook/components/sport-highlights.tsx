import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef } from 'react'

import { Button } from '@/components/ui/button'
import { type SportsbookViewer, useSportsbookSdk } from '@/features/sportsbook/use-sportsbook-sdk'
import type { CarouselWidget, SelectedEvent, SportsbookSdk } from '@/features/sportsbook/widget-sdk'
import { t } from '@/lib/i18n'

/** How many events each carousel shows (spec section 9: top events 15, image type 2; live now 7). */
const TOP_EVENTS = { maxEvents: 15, imageType: 2 }
const LIVE_NOW = { maxEvents: 7 }

/**
 * The sportsbook's two carousels, top events and live now, on the home page and `/sport`. They are the
 * widget's own; a pick opens the event's page. While the widget loads their places hold skeletons; when
 * its host is down they say so once, with a retry.
 */
export function SportHighlights(viewer: SportsbookViewer) {
  const sdk = useSportsbookSdk(viewer)
  const navigate = useNavigate()
  const openEvent = (event: SelectedEvent) => {
    void navigate({ to: '/sport/$', params: { _splat: `event/${String(event.eventId)}` } })
  }

  if (sdk.status === 'failed') {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-3 px-4 text-sm text-hint">
        {t('Sport events could not be loaded.')}
        <Button variant="secondary" onClick={sdk.retry}>
          {t('Retry')}
        </Button>
      </p>
    )
  }
  const widget = sdk.status === 'ready' ? sdk.sdk : undefined
  return (
    <>
      <Carousel title={t('Top events')} kind="WTopEventsCarousel" options={TOP_EVENTS} widget={widget} onEventSelect={openEvent} />
      <Carousel title={t('Live now')} kind="WLiveNowCarousel" options={LIVE_NOW} widget={widget} onEventSelect={openEvent} />
    </>
  )
}

interface CarouselProps {
  title: string
  kind: CarouselWidget
  /** How many events, and for the top events which picture. */
  options: { maxEvents: number; imageType?: number }
  widget: SportsbookSdk | undefined
  onEventSelect: (event: SelectedEvent) => void
}

function Carousel({ title, kind, options, widget, onEventSelect }: CarouselProps) {
  const headingId = useId()
  const container = useRef<HTMLDivElement>(null)
  const select = useRef(onEventSelect)
  useEffect(() => {
    select.current = onEventSelect
  })

  useEffect(() => {
    if (!widget || !container.current) return
    const mounted = widget.addWidget({
      widget: kind,
      container: container.current,
      props: { ...options, onEventSelect: (event) => { select.current(event); } },
    })
    return () => { mounted.remove(); }
  }, [widget, kind, options])

  return (
    <section aria-labelledby={headingId} aria-busy={!widget} className="flex flex-col gap-2">
      <h2 id={headingId} className="px-4 text-lg font-semibold text-fg">
        {title}
      </h2>
      {/* One height for the skeleton and the rail, so the page below does not move when it fills in. */}
      {widget ? null : <div className="skeleton mx-4 h-28 rounded-2xl" aria-hidden="true" />}
      <div ref={container} className="min-h-28 px-2" hidden={!widget} />
    </section>
  )
}

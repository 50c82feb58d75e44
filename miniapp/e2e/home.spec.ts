import { expect, test } from '@playwright/test'

test('the home page shows the seeded collections with their games', async ({ page }) => {
  await page.goto('/')

  const popular = page.getByRole('region', { name: 'Popular', exact: true })
  await expect(popular).toBeVisible()
  await expect(popular.getByText('Lucky Sevens', { exact: true })).toBeVisible()

  const fresh = page.getByRole('region', { name: 'New', exact: true })
  await expect(fresh).toBeVisible()
  await expect(fresh.getByRole('listitem').first()).toBeVisible()

  // The first tile's artwork is a real image served by the platform.
  const artwork = popular.getByRole('listitem').first().locator('img')
  // An `<img>` without an address counts as complete: the tile's own mark says its artwork has loaded.
  await expect(artwork).toHaveAttribute('data-loaded', '')
  expect(await artwork.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})

test('tile artwork is fetched only within the lazy-load margin (400 px) of the viewport', async ({ page }) => {
  const requested = new Set<string>()
  page.on('request', (sent) => {
    // Tiles show the 3:4 artwork (other parts of the page, such as the winners' ticker, the square one).
    const identity = /\/api\/sandbox\/images\/games\/([^/]+)\/3x4\//.exec(sent.url())?.[1]
    if (identity) requested.add(identity)
  })
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first().locator('img')).toHaveAttribute('data-loaded', '')
  await page.waitForLoadState('networkidle')

  // Rows scroll sideways: a tile more than 400 px beyond the screen's right edge is far, wherever its row
  // is (rows render one after another, so their heights settle while the first artwork is asked for, but
  // a tile's place in its row does not move).
  const tiles = await page.evaluate((margin) => {
    return Array.from(document.querySelectorAll<HTMLAnchorElement>('main figure a[href^="/game/"]'), (link) => ({
      identity: link.pathname.split('/')[2] ?? '',
      sidewaysFar: link.getBoundingClientRect().left > innerWidth + margin,
    }))
  }, 400)
  const near = new Set(tiles.filter((tile) => !tile.sidewaysFar).map((tile) => tile.identity))
  const far = tiles.filter((tile) => !near.has(tile.identity)).map((tile) => tile.identity)
  expect(far.length).toBeGreaterThan(0)
  expect(requested.size).toBeGreaterThan(0)
  expect([...requested].filter((identity) => !near.has(identity)), 'artwork of tiles beyond the margin').toEqual([])

  // The rows further down ask for theirs as they come near.
  const before = requested.size
  await page.mouse.wheel(0, 5_000)
  await expect.poll(() => requested.size).toBeGreaterThan(before)
})

test('once the first screen has loaded nothing sweeps: tiles waiting beyond the margin are still placeholders', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first().locator('img')).toHaveAttribute('data-loaded', '')
  await page.waitForLoadState('networkidle')
  // Every sweeping placeholder is a compositor layer and an animation each frame pays for; tiles far to
  // the side waiting for the lazy-load margin swept for as long as the page stayed open (35 on a Pixel 7).
  // The artwork arrives well within the sweep's delay here, so none is left running.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.getAnimations().filter((animation) => animation.playState === 'running' && animation instanceof CSSAnimation && animation.animationName === 'shimmer').length,
      ),
    )
    .toBe(0)
  expect(await page.locator('main figure a[href^="/game/"]').count()).toBeGreaterThan(20)
})

test('scrolling down to the footer moves nothing: the rows and the sport carousels render where their placeholders were', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: { at: number; value: number }[] = []
    ;(window as Window & { __shifts?: typeof shifts }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push({ at: entry.startTime, value: entry.value })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/')
  const main = page.getByRole('main')
  await expect(main.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first().locator('img')).toHaveAttribute('data-loaded', '')
  await page.waitForLoadState('networkidle')
  const scrolledAt = await page.evaluate(() => performance.now())

  // The visitor's first scroll: only now do the rows below the first screen and the sport carousels
  // render, in the places their placeholders held, while the footer is on the screen.
  await page.mouse.wheel(0, 20_000)
  await expect(page.getByRole('contentinfo')).toBeInViewport()
  await expect(main.getByRole('region', { name: 'Live now' })).toHaveAttribute('aria-busy', 'false')
  await expect(main.locator('section[aria-busy="true"]')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  const shifted = await page.evaluate(
    (since) => ((window as Window & { __shifts?: { at: number; value: number }[] }).__shifts ?? []).filter((shift) => shift.at >= since).reduce((sum, shift) => sum + shift.value, 0),
    scrolledAt,
  )
  // Placeholders 24 px short of a row and a sport carousels' place 184 px short of the pair would
  // shift 0.11 in all, the footer 256 px down. What is left is the sandbox widget's own: its top events
  // rail is 118 px where its box holds 112 (0.004).
  expect(shifted).toBeLessThan(0.01)
})

test('an unknown path shows the error page with a way home', async ({ page }) => {
  await page.goto('/no/such/page')

  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(
    page.getByText('The page you are trying to access does not exist or has been moved. Try going back to our homepage.'),
  ).toBeVisible()
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible()
  await page.getByRole('link', { name: 'Homepage' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
})

test('a locale prefix renders the page in its language, and the language can be switched in place', async ({ page }) => {
  await page.goto('/es/')

  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' })).toBeVisible()

  await page.getByLabel('Idioma').selectOption('pt-br')
  await expect(page).toHaveURL(/\/pt-br\/$/)
  await expect(header.getByRole('button', { name: 'Entrar' })).toBeVisible()

  await page.goto('/es/nope')
  await expect(page.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeVisible()
  await page.getByRole('link', { name: 'Página de inicio' }).click()
  await expect(page).toHaveURL(/\/es\/$/)
})

test('the build manifest names the build the page runs', async ({ page, request }) => {
  const response = await request.get(`/builds/latest.json?t=${String(Date.now())}`)
  expect(response.status()).toBe(200)
  const { id } = (await response.json()) as { id: string }
  expect(id).not.toBe('')

  await page.goto('/')
  // The page's loader inserts the entry script after the first paint (tooling/start-after-first-paint.ts),
  // which can come after the load event that ends `goto`: the locator waits for it.
  const entryPath = await page.locator('head script[type="module"][src]').getAttribute('src')
  expect(entryPath).toMatch(/^\/assets\/.+\.js$/)
  const entry = await (await request.get(entryPath ?? '')).text()
  expect(entry).toContain(id)
})

test('the start-up preloader covers the content until the first page has finished, then leaves', async ({ page }) => {
  // When the preloader started to fade, on the page's clock, and what it was to assistive technology
  // until then. Recorded by the page itself: the preloader may be up for little more than the page
  // preloader delay (1000 ms), which a polling assertion spaced a second apart on a loaded machine
  // can miss entirely.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const preloader = document.getElementById('preloader')
      if (preloader?.dataset.state !== 'hiding') return
      Object.assign(window, {
        preloaderHiding: performance.now(),
        preloaderBeforeHiding: { role: preloader.getAttribute('role'), label: preloader.getAttribute('aria-label') },
      })
      observer.disconnect()
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] })
  })
  await page.goto('/es/', { waitUntil: 'commit' })

  await expect(page.locator('#preloader')).toBeAttached()
  await expect(page.locator('#preloader')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()

  // Up until it faded, a progress bar named in the page's language; the home page finishes once its
  // collections have arrived, and the page preloader delay (1000 ms by default) runs from there.
  const { hiding, beforeHiding, collectionsArrived } = await page.evaluate(() => {
    const recorded = window as unknown as { preloaderHiding: number; preloaderBeforeHiding: unknown }
    return {
      hiding: recorded.preloaderHiding,
      beforeHiding: recorded.preloaderBeforeHiding,
      collectionsArrived: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
        entry.name.includes('/api/game/collections'),
      )?.responseEnd,
    }
  })
  expect(beforeHiding).toEqual({ role: 'progressbar', label: 'Cargando' })
  expect(hiding - (collectionsArrived ?? Number.NaN)).toBeGreaterThanOrEqual(1000)
})

test('the colour mode chosen in the menu is kept, and the next visit paints in it from the first frame', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark')

  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await drawer.getByRole('group', { name: 'Colour mode' }).getByRole('button', { name: 'Light' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'light')
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)

  // Before any of the app's code runs, the page's own inline script has applied the choice.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'light')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(lightBackground)
})

test('when the app cannot load, the preloader turns into a way to try again', async ({ page }) => {
  // The entry script (and every chunk named like it) does not arrive.
  await page.route('**/assets/index-*.js', (route) => route.abort())
  await page.goto('/es/')

  const notice = page.getByRole('alert')
  await expect(notice).toContainText('La aplicación no se cargó')
  await expect(notice).toContainText('Comprueba tu conexión e inténtalo de nuevo.')

  // The connection is back: trying again starts the app.
  await page.unroute('**/assets/index-*.js')
  await notice.getByRole('button', { name: 'Reintentar' }).click()
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'La aplicación no se cargó' })).toHaveCount(0)
})

import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Schemas } from '@/lib/api-types'
import { PRERENDERED_DATA_ID, resetPrerenderedContent, type PrerenderedContent } from '@/lib/prerendered'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

/** Counts how often the markdown renderer's module is loaded (its factory runs once, on the first import). */
const renderer = vi.hoisted(() => ({ loads: 0 }))
vi.mock('@/lib/markdown/render', async (importOriginal) => {
  renderer.loads += 1
  return importOriginal()
})

const built = { slug: 'terms', locale: 'en', title: 'Terms and conditions', body: 'Play **fair**.' } satisfies Schemas['ContentEntry']

/** The block the build's pre-render puts in the page (tooling/prerender.ts). */
function prerendered(content: PrerenderedContent) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = PRERENDERED_DATA_ID
  block.textContent = JSON.stringify(content)
  document.body.append(block)
}

function platformAnswers(entry: Schemas['ContentEntry']) {
  let requests = 0
  server.use(
    http.get('/api/content/pages/:slug', () => {
      requests += 1
      return HttpResponse.json(entry)
    }),
  )
  return { requests: () => requests }
}

afterEach(() => {
  document.getElementById(PRERENDERED_DATA_ID)?.remove()
  resetPrerenderedContent()
})

// In this order: the renderer's module, once loaded, stays loaded for the file.
describe('a static page', () => {
  it("pre-rendered, shows the build's HTML of its markdown without loading the renderer", async () => {
    prerendered({
      kind: 'page',
      locale: 'en',
      slug: 'terms',
      entry: built,
      // Not what the renderer would make, so the test tells the two apart.
      rendered: { source: built.body, html: '<p>Play <strong>fair</strong>, as built.</p>' },
    })
    const platform = platformAnswers(built)
    renderRoute('/static/terms')

    expect(await screen.findByText(', as built.', { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument()
    // The background refetch brings the same text: still the build's HTML, still no renderer.
    await waitFor(() => {
      expect(platform.requests()).toBe(1)
    })
    expect(screen.getByText(', as built.', { exact: false })).toBeInTheDocument()
    expect(renderer.loads).toBe(0)
  })

  it('whose text was edited since the build, renders the new markdown', async () => {
    prerendered({ kind: 'page', locale: 'en', slug: 'terms', entry: built, rendered: { source: built.body, html: '<p>Play fair, as built.</p>' } })
    platformAnswers({ ...built, body: 'Play **fair**, as edited.' })
    renderRoute('/static/terms')

    expect(await screen.findByText('fair', { selector: 'strong' })).toBeInTheDocument()
    expect(await screen.findByText(', as edited.', { exact: false })).toBeInTheDocument()
    expect(screen.queryByText(', as built.', { exact: false })).not.toBeInTheDocument()
    expect(renderer.loads).toBe(1)
  })

  it('not pre-rendered, renders its markdown safe', async () => {
    platformAnswers({ ...built, body: 'Play **fair**. <img src=x onerror=alert(1)>' })
    const { container } = renderRoute('/static/terms')

    expect(await screen.findByText('fair', { selector: 'strong' })).toBeInTheDocument()
    expect(container.querySelector('[onerror]')).toBeNull()
  })
})

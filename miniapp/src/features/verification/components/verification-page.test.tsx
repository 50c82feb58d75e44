import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { VerificationPage } from '@/features/verification/components/verification-page'
import { constants } from '@/test/fixtures'
import { server } from '@/test/msw/server'

describe('the document upload form', () => {
  it('asks for a file, refuses one of another type as it is chosen, and uploads neither', async () => {
    let uploads = 0
    server.use(
      http.get('/api/player/documents', () => HttpResponse.json({ data: [] })),
      http.post('/api/player/documents', () => {
        uploads += 1
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
    render(
      <QueryClientProvider client={queryClient}>
        <VerificationPage status="approved" onStatusChanged={() => undefined} />
      </QueryClientProvider>,
    )
    const upload = screen.getByRole('button', { name: 'Upload' })

    await userEvent.click(upload)
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a file to upload.')

    const file = screen.getByLabelText('File (JPEG, PNG or PDF, up to 10 MB)')
    await userEvent.upload(file, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false })
    expect(screen.getByRole('alert')).toHaveTextContent('Send a JPEG, PNG or PDF file.')
    expect(file).toHaveAttribute('aria-invalid', 'true')
    await userEvent.click(upload)
    expect(screen.getByRole('alert')).toHaveTextContent('Send a JPEG, PNG or PDF file.')
    expect(uploads).toBe(0)
  })
})

describe('the documents list', () => {
  it('names each document’s status as the platform numbers it, and lets only one under review be deleted', async () => {
    // 3 pending, 1 approved, 2 rejected: no status means here what it means in the sandbox.
    const document = (id: number, status: number, fileName: string) => ({
      id,
      type: 'passport',
      status,
      fileName,
      contentType: 'image/png',
      size: 1000,
      createdAt: '2026-11-20T10:00:00Z',
    })
    server.use(
      http.get('/api/settings/constants', () => HttpResponse.json({ ...constants, documentStatuses: { pending: 3, approved: 1, rejected: 2 } })),
      http.get('/api/player/documents', () =>
        HttpResponse.json({ data: [document(1, 1, 'approved.png'), document(2, 3, 'waiting.png'), document(3, 2, 'refused.png')] }),
      ),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={queryClient}>
        <VerificationPage status="approved" onStatusChanged={() => undefined} />
      </QueryClientProvider>,
    )
    const list = await screen.findByRole('list', { name: 'Your documents' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('approved.png · Approved'),
      expect.stringContaining('waiting.png · Under review'),
      expect.stringContaining('refused.png · Not accepted'),
    ])
    expect(within(list).getAllByRole('button', { name: /^Delete/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Delete waiting.png'])
  })
})

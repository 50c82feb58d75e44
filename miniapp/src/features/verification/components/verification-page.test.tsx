import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { VerificationPage } from '@/features/verification/components/verification-page'
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

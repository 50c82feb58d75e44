import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const rules = [
  { field: 'postalCode', isRequired: false, rules: [{ rule: 'alphaNum' }] },
  { field: 'personalIdNumber', isRequired: false, rules: [{ rule: 'minLength', value: 2 }, { rule: 'alphaNum' }] },
]

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  const changes: unknown[] = []
  server.use(
    http.get('/api/player/fields/validations', () => HttpResponse.json({ data: rules })),
    http.get('/api/settings/countries', () => HttpResponse.json({ data: [{ code: 'BR', name: 'Brazil', locale: 'pt-br' }] })),
    http.put('/api/player/profile', async ({ request }) => {
      changes.push(await request.json())
      return HttpResponse.json(profile)
    }),
  )
  return changes
}

describe('the personal details form', () => {
  it('shows the operator’s fields it lists, masks the CPF, postal code and id number, and sends what was typed', async () => {
    const changes = signedIn()
    const { user } = renderRoute('/profile/personal')
    const cpf = await screen.findByLabelText('CPF number *')
    expect(screen.getByLabelText('ID document number')).toBeInTheDocument()
    expect(screen.queryByLabelText('Profession')).not.toBeInTheDocument()

    await user.type(cpf, '52998224725')
    expect(cpf).toHaveValue('529.982.247-25')
    await user.type(screen.getByLabelText('Postal code'), '01310 100')
    expect(screen.getByLabelText('Postal code')).toHaveValue('01310-100')
    await user.type(screen.getByLabelText('ID document number'), 'mg-12.3')
    expect(screen.getByLabelText('ID document number')).toHaveValue('mg123')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(changes).toEqual([{ cpf_number: '52998224725', postalCode: '01310100', personalIdNumber: 'mg123' }])
    })
  })
})

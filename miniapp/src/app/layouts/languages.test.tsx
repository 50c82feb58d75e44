import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '@/test/render-route'

describe('languages', () => {
  it('renders a page in the language of its locale prefix, with `lang` and localized links', async () => {
    renderRoute('/es/?sign-in=true')

    const dialog = await screen.findByRole('dialog', { name: 'Iniciar sesión' })
    expect(within(dialog).getByRole('button', { name: '¿Olvidaste la contraseña?' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('es')
    await within(dialog).findByLabelText('Contraseña')
  })

  it('shows the 404 page of an unknown path in the locale, its Homepage link keeping the prefix', async () => {
    renderRoute('/pt-br/nope')

    expect(await screen.findByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Página inicial' })).toHaveAttribute('href', '/pt-br/')
  })

  it('switches the language on the same page: the prefix changes, the page stays', async () => {
    const { user, router } = renderRoute('/?sign-up=true')
    await screen.findByRole('dialog', { name: 'Create your account' })
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })

    await user.selectOptions(screen.getByLabelText('Language'), 'ru')

    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Popular' })).toBeInTheDocument()
    expect(router.history.location.pathname).toBe('/ru/')
    expect(localStorage.getItem('locale')).toBe('ru')

    await user.selectOptions(screen.getByLabelText('Язык'), 'en')
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.history.location.pathname).toBe('/')
  })

  it('translates validation messages', async () => {
    const { user } = renderRoute('/ru/?forgot-pass=true')
    const dialog = await screen.findByRole('dialog', { name: 'Забыли пароль?' })
    await user.click(within(dialog).getByRole('button', { name: 'Отправить ссылку' }))
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription('Обязательное поле')
  })
})

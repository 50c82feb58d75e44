import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError } from '@/lib/api-client'
import { useForm } from '@/lib/forms'
import { connectNativeBridge } from '@/lib/native'
import { required } from '@/lib/validation'

function refusal(status: number, body: { code: string; message: string; fields?: Record<string, string> }) {
  return new ApiError({ status, traceId: 'trace', ...body })
}

/** A sign-in-like form whose call is `call`. */
function renderForm(call: (credentials: { login: string; password: string }) => Promise<string>) {
  const onSuccess = vi.fn()
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  const view = renderHook(
    () =>
      useForm({
        initialValues: { login: '', password: '' },
        schema: { login: [required()], password: [required()] },
        mutation: useMutation({ mutationFn: call }),
        variables: (values) => ({ login: values.login.trim(), password: values.password }),
        serverFields: { email: 'login' },
        codeMessages: { invalid_credentials: 'Wrong login or password.' },
        onSuccess,
      }),
    { wrapper },
  )
  const fill = () => {
    act(() => {
      view.result.current.set('login', ' ana@example.com ')
      view.result.current.set('password', 'secret-1')
    })
  }
  const submit = () => {
    act(() => {
      view.result.current.submit()
    })
  }
  return { view, fill, submit, onSuccess }
}

describe('useForm', () => {
  afterEach(() => {
    connectNativeBridge(undefined)
  })

  it('makes no call while a rule is broken, and shows the broken rules on their fields', () => {
    const call = vi.fn(() => Promise.resolve('session'))
    const { view, submit } = renderForm(call)
    submit()
    expect(call).not.toHaveBeenCalled()
    expect(view.result.current.errors).toEqual({ login: 'Value is required', password: 'Value is required' })

    act(() => {
      view.result.current.set('login', 'ana@example.com')
    })
    expect(view.result.current.errors.login).toBeUndefined()
  })

  it('binds a select or a combobox by the value it hands over, clearing the field’s error', () => {
    const { view, submit } = renderForm(vi.fn(() => Promise.resolve('session')))
    submit()
    expect(view.result.current.choice('login')).toMatchObject({ name: 'login', value: '', error: 'Value is required' })

    act(() => {
      view.result.current.choice('login').onChange('ana@example.com')
    })
    expect(view.result.current.choice('login')).toMatchObject({ value: 'ana@example.com', error: undefined })
  })

  it('is pending during the call, then hands the result and the variables on', async () => {
    let answer: (session: string) => void = () => undefined
    const call = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)))
    const { view, fill, submit, onSuccess } = renderForm(call)
    fill()
    submit()
    await waitFor(() => {
      expect(view.result.current.pending).toBe(true)
    })
    expect(call).toHaveBeenCalledWith({ login: 'ana@example.com', password: 'secret-1' }, expect.anything())

    act(() => {
      answer('session')
    })
    await waitFor(() => {
      expect(view.result.current.pending).toBe(false)
    })
    expect(onSuccess).toHaveBeenCalledWith('session', { login: 'ana@example.com', password: 'secret-1' })
  })

  it("puts a 422 body's field messages on the fields they name, and the rest on the form", async () => {
    const call = vi.fn(() =>
      Promise.reject(
        refusal(422, {
          code: 'validation_failed',
          message: 'Check the fields.',
          fields: { email: 'This e-mail is taken.', password: 'Too weak.', captcha: 'Solve the captcha.' },
        }),
      ),
    )
    const { view, fill, submit, onSuccess } = renderForm(call)
    fill()
    submit()
    await waitFor(() => {
      expect(view.result.current.errors).toEqual({ login: 'This e-mail is taken.', password: 'Too weak.' })
    })
    expect(view.result.current.formError).toBe('Solve the captcha.')
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('shows other failures as one form-level message in the player’s words', async () => {
    const failures: [Error, string][] = [
      [refusal(401, { code: 'invalid_credentials', message: 'Invalid credentials.' }), 'Wrong login or password.'],
      [refusal(429, { code: 'code_too_soon', message: 'A code was just sent.' }), 'A code was just sent.'],
      [refusal(0, { code: 'network_error', message: 'The server could not be reached.' }), 'The server could not be reached. Check your connection and try again.'],
      [refusal(500, { code: 'internal', message: 'Internal error (trace abc).' }), 'Something went wrong. Please try again.'],
      [new TypeError('boom'), 'Something went wrong. Please try again.'],
    ]
    for (const [failure, shown] of failures) {
      const { view, fill, submit } = renderForm(() => Promise.reject(failure))
      fill()
      submit()
      await waitFor(() => {
        expect(view.result.current.formError).toBe(shown)
      })
      expect(view.result.current.errors).toEqual({})
      expect(view.result.current.failure).toBe(failure)
      view.unmount()
    }
  })

  it('gives haptic feedback in Telegram mode only (the mode that connects the host bridge)', async () => {
    const bridge = { haptic: vi.fn(), setBackButton: vi.fn(), setClosingConfirmation: vi.fn() }
    const web = renderForm(() => Promise.resolve('session'))
    web.fill()
    web.submit()
    await waitFor(() => {
      expect(web.onSuccess).toHaveBeenCalled()
    })

    // What the Telegram mode's SDK start does; a web launch never connects a bridge.
    connectNativeBridge(bridge)
    expect(bridge.haptic).not.toHaveBeenCalled()
    const refused = refusal(401, { code: 'invalid_credentials', message: 'Invalid credentials.' })
    const call = vi.fn().mockResolvedValueOnce('session').mockRejectedValueOnce(refused)
    const inTelegram = renderForm(call)
    inTelegram.submit()
    expect(bridge.haptic).toHaveBeenLastCalledWith('error')
    inTelegram.fill()
    inTelegram.submit()
    await waitFor(() => {
      expect(bridge.haptic).toHaveBeenLastCalledWith('success')
    })
    inTelegram.submit()
    await waitFor(() => {
      expect(bridge.haptic).toHaveBeenCalledTimes(3)
    })
    expect(bridge.haptic).toHaveBeenLastCalledWith('error')
  })

  it('checks what the schema cannot word after it, and makes no call while either is broken', () => {
    const call = vi.fn<(amount: string) => Promise<string>>(() => Promise.resolve('session'))
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    const view = renderHook(
      () =>
        useForm({
          initialValues: { amount: { display: '', value: '' }, note: '' },
          schema: { note: [required()] },
          check: ({ amount, note }) => ({ amount: amount.value === '' ? 'Enter an amount.' : undefined, note: note ? undefined : 'Never shown.' }),
          mutation: useMutation({ mutationFn: call }),
          variables: ({ amount }) => amount.value,
        }),
      { wrapper },
    )
    let passed = true
    act(() => {
      passed = view.result.current.validate()
    })
    expect(passed).toBe(false)
    expect(view.result.current.errors).toEqual({ amount: 'Enter an amount.', note: 'Value is required' })

    act(() => {
      view.result.current.set('amount', { display: '5', value: '5' })
      view.result.current.set('note', 'for rent')
    })
    act(() => {
      passed = view.result.current.validate()
    })
    expect(passed).toBe(true)
    expect(view.result.current.errors).toEqual({})
    expect(call).not.toHaveBeenCalled()
  })

  it('makes no call while the form lacks what its call needs, and tells the form as a call starts and fails', async () => {
    const refused = refusal(409, { code: 'duplicate_invoice', message: 'Duplicate.' })
    const call = vi.fn(() => Promise.reject(refused))
    const onCall = vi.fn()
    const onError = vi.fn()
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    const view = renderHook(
      ({ method }: { method: string | undefined }) =>
        useForm({
          initialValues: { amount: '5' },
          mutation: useMutation({ mutationFn: call }),
          variables: ({ amount }) => (method ? { method, amount } : null),
          onCall,
          onError,
        }),
      { wrapper, initialProps: { method: undefined as string | undefined } },
    )
    act(() => {
      view.result.current.submit()
    })
    expect(onCall).not.toHaveBeenCalled()
    expect(call).not.toHaveBeenCalled()

    view.rerender({ method: 'card' })
    act(() => {
      view.result.current.submit()
    })
    expect(onCall).toHaveBeenCalledWith({ method: 'card', amount: '5' })
    await waitFor(() => {
      expect(onError).toHaveBeenCalledWith(refused, { method: 'card', amount: '5' })
    })
    expect(view.result.current.formError).toBe('Duplicate.')
  })

  it('clears the messages of the fields it is given, or every message', async () => {
    const { view, fill, submit } = renderForm(() =>
      Promise.reject(refusal(422, { code: 'validation_failed', message: 'Check.', fields: { login: 'Taken.', password: 'Weak.', captcha: 'Solve it.' } })),
    )
    fill()
    submit()
    await waitFor(() => {
      expect(view.result.current.formError).toBe('Solve it.')
    })
    act(() => {
      view.result.current.clearErrors('login')
    })
    expect(view.result.current.errors).toEqual({ password: 'Weak.' })
    expect(view.result.current.formError).toBe('Solve it.')

    act(() => {
      view.result.current.clearErrors()
    })
    expect(view.result.current.errors).toEqual({})
    expect(view.result.current.formError).toBeUndefined()
  })
})

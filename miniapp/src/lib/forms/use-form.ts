import type { UseMutationResult } from '@tanstack/react-query'
import { type ChangeEvent, type SyntheticEvent, useState } from 'react'

import { type CodeMessages, failureErrors, type FieldErrors } from '@/lib/forms/failure'
import { haptic } from '@/lib/native'
import { type Rule, validateValues } from '@/lib/validation'

/** Text and check boxes, or what a field holds besides (a masked amount, a chosen file). */
export type FormValues = Readonly<Record<string, unknown>>
type FieldOf<Values> = Extract<keyof Values, string>
type FormSchema<Values> = Readonly<Partial<Record<FieldOf<Values>, readonly Rule[]>>>
type TextFieldOf<Values> = { [Field in FieldOf<Values>]: Values[Field] extends string ? Field : never }[FieldOf<Values>]

export interface FormOptions<Values extends FormValues, Variables, Result> {
  initialValues: Values
  /**
   * Client-side rules, checked before the call; a form with a broken rule makes no call. A function of the
   * values when the rules follow the form (a field asked for in one country only).
   */
  schema?: FormSchema<Values> | ((values: Values) => FormSchema<Values>)
  /**
   * The form's own checks, after the schema's: rules the catalogue has no words for (an amount against the
   * chosen method's limits), each broken one as its field's message.
   */
  check?: (values: Values) => Partial<Record<FieldOf<Values>, string | undefined>>
  /** The feature's mutation hook (`useSignIn()`), the form's one call. */
  mutation: UseMutationResult<Result, Error, Variables>
  /**
   * The call's input from the checked values; `null` while the form lacks what a call needs besides its
   * values (a payment method still loading): the submit then makes no call.
   */
  variables: (values: Values) => Variables | null
  /** Runs as the call starts, still inside the player's tap (a tab opened here is no pop-up). */
  onCall?: (variables: Variables) => void
  onSuccess?: (result: Result, variables: Variables) => void
  /** Runs after a failure is shown on the form. */
  onError?: (error: Error, variables: Variables) => void
  /** The platform's field names that differ from the form's (`{ email: 'login' }`); the same names need none. */
  serverFields?: Readonly<Record<string, FieldOf<Values>>>
  /** Refusals the form explains itself, by error code. */
  codeMessages?: CodeMessages<FieldOf<Values>>
}

export interface Form<Values extends FormValues> {
  values: Values
  /** Changes a field and clears its error. */
  set: <Field extends FieldOf<Values>>(field: Field, value: Values[Field]) => void
  /** The props of a text input bound to `name`. */
  field: (name: TextFieldOf<Values>) => {
    name: string
    value: string
    onChange: (event: ChangeEvent<HTMLInputElement>) => void
    error: string | undefined
  }
  /** The props of a select or a combobox bound to `name`: it hands over the chosen value itself. */
  choice: (name: TextFieldOf<Values>) => {
    name: string
    value: string
    onChange: (value: string) => void
    error: string | undefined
  }
  errors: FieldErrors<FieldOf<Values>>
  /** Clears the messages of `fields`; without any, every message, the form's own too. */
  clearErrors: (...fields: FieldOf<Values>[]) => void
  /** What no field shows, in the player's language. */
  formError: string | undefined
  /** The last call's failure as thrown, for forms that offer a next step on a particular one. */
  failure: Error | null
  pending: boolean
  /** Checks the schema and shows what it breaks, making no call: whether the values pass. */
  validate: () => boolean
  /** Checks the schema, then makes the call: the form's `onSubmit`, or a button's `onClick`. */
  submit: (event?: SyntheticEvent) => void
}

/**
 * One form's state and submission: values, client-side validation, the call through TanStack Query's
 * `useMutation`, the platform's refusals on the fields they name, and Telegram's haptics (success or error).
 */
export function useForm<Values extends FormValues, Variables, Result>({
  initialValues,
  schema,
  check,
  mutation,
  variables: toVariables,
  onCall,
  onSuccess,
  onError,
  serverFields = {},
  codeMessages,
}: FormOptions<Values, Variables, Result>): Form<Values> {
  const [values, setValues] = useState(initialValues)
  const [errors, setErrors] = useState<FieldErrors<FieldOf<Values>>>({})
  const [formError, setFormError] = useState<string>()
  // Only Telegram mode connects the host bridge (`lib/native`); in a browser `haptic` does nothing. The
  // launch is not read here: importing it would split it out of the home page's chunk (bundle budget).
  const feedback = (kind: 'success' | 'error') => {
    haptic(kind)
  }
  const fieldOf = (name: string) => serverFields[name] ?? (name in initialValues ? (name as FieldOf<Values>) : undefined)

  const set = <Field extends FieldOf<Values>>(field: Field, value: Values[Field]) => {
    setValues((previous) => ({ ...previous, [field]: value }))
    setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  const clearErrors = (...fields: FieldOf<Values>[]) => {
    if (fields.length === 0) {
      setErrors({})
      setFormError(undefined)
      return
    }
    setErrors((previous) => ({ ...previous, ...Object.fromEntries(fields.map((field) => [field, undefined])) }))
  }

  const validate = (): boolean => {
    const invalid: FieldErrors<FieldOf<Values>> = {}
    const rules = (typeof schema === 'function' ? schema(values) : schema) ?? ({} as FormSchema<Values>)
    for (const [field, error] of Object.entries(validateValues(values, rules))) invalid[field as FieldOf<Values>] = error?.message
    for (const [field, message] of Object.entries(check?.(values) ?? {})) {
      if (message !== undefined) invalid[field as FieldOf<Values>] ??= message
    }
    setErrors(invalid)
    setFormError(undefined)
    if (Object.keys(invalid).length > 0) {
      feedback('error')
      return false
    }
    return true
  }

  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (mutation.isPending) return
    mutation.reset()
    if (!validate()) return
    const variables = toVariables(values)
    if (variables === null) return
    onCall?.(variables)
    mutation.mutate(variables, {
      onSuccess: (result) => {
        feedback('success')
        onSuccess?.(result, variables)
      },
      onError: (error) => {
        const shown = failureErrors(error, fieldOf, codeMessages)
        setErrors(shown.fields)
        setFormError(shown.form)
        feedback('error')
        onError?.(error, variables)
      },
    })
  }

  return {
    values,
    set,
    field: (name) => ({
      name,
      value: values[name] as string,
      onChange: (event) => {
        set(name, event.target.value as Values[typeof name])
      },
      error: errors[name],
    }),
    choice: (name) => ({
      name,
      value: values[name] as string,
      onChange: (value) => {
        set(name, value as Values[typeof name])
      },
      error: errors[name],
    }),
    errors,
    clearErrors,
    formError,
    failure: mutation.error,
    pending: mutation.isPending,
    validate,
    submit,
  }
}

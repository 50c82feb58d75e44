import type { UseMutationResult } from '@tanstack/react-query'
import { type ChangeEvent, type SyntheticEvent, useState } from 'react'

import { type CodeMessages, failureErrors, type FieldErrors } from '@/lib/forms/failure'
import { haptic } from '@/lib/native'
import { type Rule, validateValues } from '@/lib/validation'

export type FormValues = Readonly<Record<string, string | boolean>>
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
  /** The feature's mutation hook (`useSignIn()`), the form's one call. */
  mutation: UseMutationResult<Result, Error, Variables>
  /** The call's input from the checked values. */
  variables: (values: Values) => Variables
  onSuccess?: (result: Result, variables: Variables) => void
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
  /** What no field shows, in the player's language. */
  formError: string | undefined
  /** The last call's failure as thrown, for forms that offer a next step on a particular one. */
  failure: Error | null
  pending: boolean
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
  mutation,
  variables: toVariables,
  onSuccess,
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

  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (mutation.isPending) return
    mutation.reset()
    const invalid: FieldErrors<FieldOf<Values>> = {}
    const rules = (typeof schema === 'function' ? schema(values) : schema) ?? ({} as FormSchema<Values>)
    for (const [field, error] of Object.entries(validateValues(values, rules))) invalid[field as FieldOf<Values>] = error?.message
    setErrors(invalid)
    setFormError(undefined)
    if (Object.keys(invalid).length > 0) {
      feedback('error')
      return
    }
    const variables = toVariables(values)
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
    formError,
    failure: mutation.error,
    pending: mutation.isPending,
    submit,
  }
}

/**
 * Forms: a form is its fields, a schema and one call (`useForm`). Load it with the forms (lazy modal and
 * route chunks), never from the home page's initial code: it carries validation and the phone library.
 */
export { failureMessage } from '@/lib/forms/failure'
export { type Form, useForm } from '@/lib/forms/use-form'

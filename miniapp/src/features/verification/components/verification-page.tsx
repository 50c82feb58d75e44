import { type ChangeEvent, useEffect, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { FormError, SelectField } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { ProgressBar } from '@/components/ui/progress-bar'
import { env } from '@/config/env'
import { type IdentityDocument, useDeleteDocument, useDocuments, useUploadDocument } from '@/features/verification/api/documents'
import { getSumsubToken } from '@/features/verification/api/sumsub-token'
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES, type DocumentProblem, type DocumentType, documentProblem } from '@/features/verification/document-checks'
import { loadVerificationSdk, type VerificationSdkInstance } from '@/features/verification/load-sdk'
import type { Profile } from '@/lib/api-types'
import { failureMessage, useForm } from '@/lib/forms'
import { t, useI18n } from '@/lib/i18n'
import { haptic } from '@/lib/native'
import { type Constants, constantName, useConstants } from '@/lib/settings'
import { showToast } from '@/lib/toasts'

export type VerificationStatus = Profile['verificationStatus']

type DocumentStatus = keyof Constants['documentStatuses']

const documentTypeName = (type: string): string =>
  ({
    passport: t('Passport'),
    id_card: t('ID card'),
    driving_licence: t('Driving licence'),
    residence_permit: t('Residence permit'),
    utility_bill: t('Utility bill'),
    bank_statement: t('Bank statement'),
    selfie: t('Selfie'),
  })[type] ?? type

const problemMessage = (problem: DocumentProblem): string =>
  ({
    'too-large': t('The file is larger than 10 MB. Send a smaller scan or photo.'),
    'wrong-type': t('Send a JPEG, PNG or PDF file.'),
    empty: t('The file is empty. Choose another one.'),
  })[problem]

function chosenFileProblem(file: File): string | undefined {
  const problem = documentProblem(file)
  return problem && problemMessage(problem)
}

/**
 * `/profile/verification`: the player's identity check with the verification service (its web SDK
 * runs here, loaded only on this page) and the documents they upload themselves. `status` is the
 * profile's `verificationStatus`; `onStatusChanged` reloads it when the service reports a step.
 */
export function VerificationPage({ status, onStatusChanged }: { status: VerificationStatus | undefined; onStatusChanged: () => void }) {
  return (
    <section aria-labelledby="verification-title" className="flex flex-col gap-4">
      <h1 id="verification-title" className="text-2xl font-bold text-fg">
        {t('Verification')}
      </h1>
      <IdentityCheck status={status} onStatusChanged={onStatusChanged} />
      <Documents />
    </section>
  )
}

function StatusBadge({ status }: { status: VerificationStatus }) {
  const [mark, label, tone] = {
    none: ['○', t('Not verified'), 'text-hint'],
    pending: ['…', t('Under review'), 'text-accent'],
    approved: ['✓', t('Verified'), 'text-positive'],
    rejected: ['!', t('Not accepted'), 'text-destructive'],
  }[status]
  return (
    <span className={`rounded-full border border-current px-2 py-0.5 text-xs font-semibold ${tone}`} data-testid="verification-status">
      {mark} {label}
    </span>
  )
}

function IdentityCheck({ status, onStatusChanged }: { status: VerificationStatus | undefined; onStatusChanged: () => void }) {
  const { locale } = useI18n()
  const container = useRef<HTMLDivElement>(null)
  const instance = useRef<VerificationSdkInstance>(undefined)
  const [state, setState] = useState<'idle' | 'starting' | 'open' | 'failed'>('idle')
  const statusChanged = useRef(onStatusChanged)
  useEffect(() => {
    statusChanged.current = onStatusChanged
  })
  useEffect(
    () => () => {
      instance.current?.destroy?.()
    },
    [],
  )

  const start = async () => {
    setState('starting')
    try {
      const [sdk, token] = await Promise.all([loadVerificationSdk(env.VITE_SUMSUB_SDK_URL), getSumsubToken()])
      instance.current?.destroy?.()
      const built = sdk
        .init(token, getSumsubToken)
        .withConf({
          lang: locale.slice(0, 2),
          // The palette the page is painted in now (the root's data-color-mode, dark by default).
          theme: document.documentElement.dataset.colorMode === 'light' ? 'light' : 'dark',
        })
        .withOptions({ addViewportTag: false, adaptIframeHeight: true })
        .on('idCheck.onApplicantSubmitted', () => {
          haptic('success')
          statusChanged.current()
        })
        .on('idCheck.onApplicantStatusChanged', () => {
          statusChanged.current()
        })
        .on('idCheck.onError', (error) => {
          console.error('[verification] the service reported an error', error)
        })
        .build()
      instance.current = built
      setState('open')
      if (container.current) built.launch(container.current)
    } catch (error) {
      console.error('[verification] could not start', error)
      haptic('error')
      setState('failed')
    }
  }

  const description =
    status === 'approved'
      ? t('Your identity is confirmed. Withdrawals are not held for checks.')
      : status === 'pending'
        ? t('Your documents are being reviewed. This usually takes a few minutes; this page updates when it is done.')
        : status === 'rejected'
          ? t('The documents could not be accepted. Check that they are readable and valid, then try again.')
          : t('Confirm who you are once, with an ID and a selfie, to withdraw without delays.')
  return (
    <section aria-labelledby="identity-check" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="identity-check" className="text-base font-bold text-fg">
          {t('Identity check')}
        </h2>
        {status ? <StatusBadge status={status} /> : <span aria-hidden="true" className="skeleton h-5 w-24 rounded-full" />}
      </div>
      <p className="text-sm text-hint">{description}</p>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {t('The verification service could not be opened. Check your connection and try again.')}
        </p>
      ) : null}
      {(status === 'none' || status === 'rejected') && state !== 'open' ? (
        <Button className="self-start" disabled={state === 'starting'} onClick={() => void start()}>
          {state === 'starting' ? t('Opening…') : state === 'failed' ? t('Try again') : status === 'rejected' ? t('Try again') : t('Verify now')}
        </Button>
      ) : null}
      <div ref={container} className={state === 'open' ? 'overflow-hidden rounded-xl bg-bg' : 'hidden'} />
    </section>
  )
}

function Documents() {
  const documents = useDocuments()
  const constants = useConstants()
  const remove = useDeleteDocument()
  let list
  if (documents.isError || constants.isError) {
    list = (
      <LoadError
        title={t('Your documents did not load')}
        onRetry={() => {
          void constants.refetch()
          void documents.refetch()
        }}
      />
    )
  } else if (!documents.data || !constants.data) list = <div aria-hidden="true" className="skeleton h-16 rounded-xl" />
  else if (documents.data.length === 0) list = <p className="text-sm text-hint">{t('No documents yet. Upload one above if our team asked you for it.')}</p>
  else
    list = (
      <ul className="flex flex-col gap-2" aria-label={t('Your documents')}>
        {documents.data.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            status={constantName(constants.data.documentStatuses, document.status)}
            deleting={remove.isPending && remove.variables === document.id}
            onDelete={() => {
              remove.mutate(document.id, {
                onError: (error) => {
                  showToast({ title: failureMessage(error), tone: 'error' })
                },
              })
            }}
          />
        ))}
      </ul>
    )
  return (
    <section aria-labelledby="documents-title" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <h2 id="documents-title" className="text-base font-bold text-fg">
        {t('Documents')}
      </h2>
      <UploadForm />
      {list}
    </section>
  )
}

/** One document; `status` is what its status means as the platform numbers it. */
function DocumentRow(props: { document: IdentityDocument; status: DocumentStatus | undefined; deleting: boolean; onDelete: () => void }) {
  const { document, deleting, onDelete } = props
  const status = props.status === 'approved' ? t('Approved') : props.status === 'pending' ? t('Under review') : t('Not accepted')
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl bg-section px-3 py-2">
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-semibold text-fg">{documentTypeName(document.type)}</span>
        <span className="truncate text-xs text-hint">
          {document.fileName} · {status}
        </span>
      </span>
      {props.status === 'pending' ? (
        <Button variant="secondary" disabled={deleting} onClick={onDelete} aria-label={t('Delete {name}', { name: document.fileName })}>
          {t('Delete')}
        </Button>
      ) : null}
    </li>
  )
}

/** The upload form's values: the document's type and the chosen file. */
type UploadValues = Readonly<{ type: DocumentType; file: File | undefined }>

const NO_UPLOAD: UploadValues = { type: 'passport', file: undefined }

function UploadForm() {
  const [progress, setProgress] = useState<number>()
  const input = useRef<HTMLInputElement>(null)
  const form = useForm({
    initialValues: NO_UPLOAD,
    mutation: useUploadDocument(),
    check: ({ file }) => ({ file: file ? chosenFileProblem(file) : t('Choose a file to upload.') }),
    variables: ({ type, file }) => (file ? { type, file, onProgress: setProgress } : null),
    onCall: () => {
      setProgress(0)
    },
    onSuccess: () => {
      setProgress(undefined)
      showToast({ title: t('Document uploaded'), description: t('Our team reviews it, usually within a day.'), tone: 'success' })
      form.set('file', undefined)
      if (input.current) input.current.value = ''
    },
    onError: () => {
      setProgress(undefined)
    },
  })
  const { file } = form.values
  // A chosen file is checked at once; a refusal of the upload shows until another file is chosen.
  const problem = form.errors.file ?? form.formError ?? (file && chosenFileProblem(file))

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    form.clearErrors()
    form.set('file', event.target.files?.[0])
  }
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-3">
      <SelectField
        label={t('Document type')}
        {...form.choice('type')}
        options={DOCUMENT_TYPES.map((value) => ({ value, label: documentTypeName(value) }))}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="document-file" className="text-sm font-medium text-fg">
          {t('File (JPEG, PNG or PDF, up to 10 MB)')}
        </label>
        <input
          ref={input}
          id="document-file"
          name="file"
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={choose}
          aria-invalid={problem ? true : undefined}
          className="min-h-11 rounded-xl border border-section bg-bg px-3 py-2 text-sm text-fg file:mr-3 file:rounded-lg file:border-0 file:bg-section file:px-3 file:py-1.5 file:text-fg"
        />
      </div>
      {progress === undefined ? null : <ProgressBar label={t('Uploading')} percent={Math.round(progress * 100)} />}
      <FormError>{problem}</FormError>
      <Button type="submit" className="self-start" disabled={form.pending}>
        {form.pending ? t('Uploading…') : t('Upload')}
      </Button>
    </form>
  )
}

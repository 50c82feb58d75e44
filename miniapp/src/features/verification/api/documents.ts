import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiList, apiRequest, apiUpload } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type IdentityDocument = Schemas['Document']

function getDocuments(signal?: AbortSignal): Promise<IdentityDocument[]> {
  return apiList<IdentityDocument>('/player/documents', { signal })
}

/** The player's uploaded documents with their review statuses (`GET /player/documents`). */
function documentsQueryOptions() {
  return queryOptions({ queryKey: ['player', 'documents'], queryFn: ({ signal }) => getDocuments(signal) })
}

export function useDocuments() {
  return useQuery(documentsQueryOptions())
}

interface DocumentUpload {
  type: string
  file: File
  onProgress?: (sent: number) => void
}

/**
 * `POST /player/documents` (multipart: `type`, `file`): 413 over 10 MB, 415 when the file's bytes are
 * not a JPEG, PNG or PDF whatever its name says, 409 when the player holds the most documents allowed.
 */
function uploadDocument({ type, file, onProgress }: DocumentUpload): Promise<IdentityDocument> {
  const form = new FormData()
  form.set('type', type)
  form.set('file', file, file.name)
  return apiUpload<IdentityDocument>('/player/documents', form, onProgress ? { onProgress } : {})
}

/** `DELETE /player/documents/{id}`: a document under review only; 409 once it is approved. */
function deleteDocument(id: number): Promise<void> {
  return apiRequest<undefined>(`/player/documents/${String(id)}`, { method: 'DELETE' })
}

function useDocumentsChanging<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions().queryKey }),
  })
}

export function useUploadDocument() {
  return useDocumentsChanging(uploadDocument)
}

export function useDeleteDocument() {
  return useDocumentsChanging(deleteDocument)
}

/** The platform wraps every list in `data`. */
export interface ListResponse<T> {
  data: T[]
}

export interface PageMeta {
  page: number
  perPage: number
  totalPages: number
  totalRows: number
}

export interface PagedResponse<T> extends ListResponse<T> {
  meta: PageMeta
}

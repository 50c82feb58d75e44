//! `page` and `perPage` of every paged list, and the `meta` every paged answer carries.

use serde::Serialize;

pub const MAX_PER_PAGE: u32 = 100;

/// Why `page` and `perPage` do not make a page.
#[derive(Debug, thiserror::Error)]
pub enum PagingError {
    #[error("page starts at 1")]
    PageZero,
    #[error("perPage must be between 1 and {MAX_PER_PAGE}")]
    PerPageOutOfRange,
}

#[derive(Debug, Clone, Copy)]
pub struct Paging {
    pub page: u32,
    pub per_page: u32,
}

// One page of a paged list (no doc comment: it would enter the OpenAPI document).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub data: Vec<T>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageMeta {
    pub page: u32,
    pub per_page: u32,
    pub total_pages: u32,
    pub total_rows: i64,
}

impl Paging {
    pub fn new(
        page: Option<u32>,
        per_page: Option<u32>,
        default_per_page: u32,
    ) -> Result<Self, PagingError> {
        let page = page.unwrap_or(1);
        if page == 0 {
            return Err(PagingError::PageZero);
        }
        let per_page = per_page.unwrap_or(default_per_page);
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(PagingError::PerPageOutOfRange);
        }
        Ok(Self { page, per_page })
    }

    pub fn limit(&self) -> i64 {
        i64::from(self.per_page)
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.per_page)
    }

    /// This page's `data`, out of `total_rows` in all.
    pub fn page<T>(&self, data: Vec<T>, total_rows: i64) -> Page<T> {
        Page {
            meta: self.meta(total_rows),
            data,
        }
    }

    pub fn meta(&self, total_rows: i64) -> PageMeta {
        PageMeta {
            page: self.page,
            per_page: self.per_page,
            total_pages: u32::try_from(
                total_rows.unsigned_abs().div_ceil(u64::from(self.per_page)),
            )
            .unwrap_or(u32::MAX),
            total_rows,
        }
    }
}

// Limits shared by the forms and the API. Without zod, so the forms' pages
// do not load it to show a limit (docs/architecture.md).

export const TITLE_MAX = 200;
export const BODY_MAX = 100_000;
export const SEARCH_MAX = 200;
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 500;

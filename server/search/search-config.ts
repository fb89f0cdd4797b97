// The PostgreSQL text search configuration behind every search vector and
// query. The SQL function every vector is built by, search_vector_of()
// (migration 20261127120000_search_specs_issues), spells it too: change both
// together, and re-index (`npm run backfill-search`).
export const SEARCH_CONFIG = "english";

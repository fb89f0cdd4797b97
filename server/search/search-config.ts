// The PostgreSQL text search configuration behind every search vector and
// query. The trigger on executions (migration 20261122030000_bundles_search)
// spells it too: change both together, and re-index.
export const SEARCH_CONFIG = "english";

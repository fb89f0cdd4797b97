// How long a note on a poisoned session may be.
// Without zod, so the pages that show them do not load it (docs/architecture.md).

export const POISON_NOTE_MAX = 500;

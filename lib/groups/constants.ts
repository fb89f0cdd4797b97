// How many runs one fan-out may start.
// Without zod, so the pages that show them do not load it (docs/architecture.md).

export const FAN_OUT_MIN = 2;
export const FAN_OUT_MAX = 8;

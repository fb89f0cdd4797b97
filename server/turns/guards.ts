// The shape every rule of a turn shares: plain facts in, an ordered list of
// guards, and the first refusal is the answer (its reason and the sentence a
// person reads). Each guard is a small pure function, tested on its own.

export type Guard<Facts, Refusal> = (facts: Facts) => Refusal | null;

export function firstRefusal<Facts, Refusal>(guards: readonly Guard<Facts, Refusal>[], facts: Facts): Refusal | null {
  for (const guard of guards) {
    const refusal = guard(facts);
    if (refusal) return refusal;
  }
  return null;
}

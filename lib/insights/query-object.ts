import { z } from "zod";

/** A strict query-string schema: unknown parameters are rejected by name ("Unknown parameter: foo"). */
export function queryObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === "unrecognized_keys" ? `Unknown parameter${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}` : undefined),
  });
}

import "server-only";
import type { Bundle } from "@/lib/bundles/schema";
import type { Result } from "@/lib/result";
import { bundleExportSchema } from "@/lib/bundles/schema";
import { createBundle } from "@/server/bundles/create-bundle";
import { validate } from "@/server/http/validation";

/**
 * Makes a new bundle from an export (any version-1 `arbor.bundle` document).
 * Malformed documents and unknown references are 422s listing every problem
 * at once; nothing is stored unless everything is (createBundle is one
 * transaction).
 */
export async function importBundle(document: unknown): Promise<Result<Bundle>> {
  const parsed = validate(bundleExportSchema, document);
  if (!parsed.ok) return parsed;
  return createBundle(parsed.value);
}

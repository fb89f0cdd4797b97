import { z } from "zod";

// Every text field of every request schema is built with text(): a string
// that may not contain NUL (U+0000). PostgreSQL cannot store that character
// in text, so without this a NUL in a title, a body or a prompt got as far as
// the database and came back as a 500; now it is a 422 naming the field.

export const NUL_MESSAGE = "Text must not contain NUL characters (U+0000)";

/** z.string(params), refusing NUL. Chain .trim(), .min(), … on it as on any string. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes("\u0000"), { message: NUL_MESSAGE });
}

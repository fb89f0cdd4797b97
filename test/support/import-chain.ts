import { build, type BuildOptions, type Metafile } from "esbuild";

/**
 * In an esbuild metafile: the chain of static imports from `entry` to the
 * first module `reached` accepts (entry first), or null. Dynamic imports are
 * not followed: they load when used, not with the entry.
 */
export function importChain(metafile: Metafile, entry: string, reached: (path: string) => boolean): string[] | null {
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const imp of metafile.inputs[file]?.imports ?? []) {
      if (imp.external || imp.kind === "dynamic-import" || from.has(imp.path)) continue;
      from.set(imp.path, file);
      if (reached(imp.path)) {
        const chain = [imp.path];
        for (let at = from.get(imp.path); at; at = from.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(imp.path);
    }
  }
  return null;
}

/** esbuild's record of what `entries` import (nothing written), bundled from `root` with `options` over the shared ones. */
export async function bundleMetafile(root: string, entries: string[], options: BuildOptions): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    logLevel: "silent",
    ...options,
  });
  return metafile!;
}

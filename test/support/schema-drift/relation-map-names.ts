// The DMMF leaves out one thing the drift check needs: a foreign key's
// explicit name, `@relation(..., map: "name")`. Read it from the schema text:
// model blocks, then each field line's @relation(...) arguments. The schema
// has already been validated by Prisma's parser, so this only has to handle
// valid syntax.

/** Keys are "Model.field" for relation fields that set `map`. */
export function relationMapNames(schema: string): Map<string, string> {
  const names = new Map<string, string>();
  const lines = schema.split("\n").map(stripComment);
  let model: string | undefined;
  for (const line of lines) {
    const open = /^\s*model\s+(\w+)\s*\{/.exec(line);
    if (open) {
      model = open[1];
      continue;
    }
    if (/^\s*\}/.test(line)) {
      model = undefined;
      continue;
    }
    if (!model) continue;
    const field = /^\s*(\w+)\s/.exec(line);
    const args = relationArguments(line);
    const map = args && /(?:^|[\s,])map\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(args);
    if (field && map) names.set(`${model}.${field[1]}`, map[1]);
  }
  return names;
}

function relationArguments(line: string): string | undefined {
  const start = line.indexOf("@relation(");
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start + "@relation".length; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return line.slice(start + "@relation(".length, i);
  }
  return undefined;
}

function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length - 1; i++) {
    if (line[i] === '"' && line[i - 1] !== "\\") inString = !inString;
    if (!inString && line[i] === "/" && line[i + 1] === "/") return line.slice(0, i);
  }
  return line;
}

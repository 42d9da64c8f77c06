import { ESLint } from 'eslint';
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The zones of src/ hold because `npm run lint` refuses a wrong import. This test reads the zones' table in
 * docs/architecture.md (the mirror of eslint.config.js) and lints, with the project's own configuration, one probe
 * per crossing at a path in each zone: every folder of src/ and every package of each group, imported statically,
 * re-exported and loaded with import(). What the row does not allow must be refused, what it allows accepted, so a
 * rule refusing everything (or nothing), or a table that drifted from the configuration, fails here.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const BOUNDARY_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

const doc = readFileSync(`${ROOT}docs/architecture.md`, 'utf8');
const section = doc.slice(doc.indexOf('### Zones'));
const rows = (header: string): string[][] => {
  const table = section.slice(section.indexOf(header));
  return table
    .slice(0, table.indexOf('\n\n'))
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').slice(1, -1));
};
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Packages by group; `*` ends a prefix (probed as `x`), and Node's bare names are all probed. */
const groups = new Map(
  rows('| Package group').map(([name, packages]) => {
    const listed = ticked(packages!).map((p) => p.replace(/\*$/, 'x'));
    return [
      ticked(name!)[0]!,
      name!.includes('node') ? [...listed, ...builtinModules.filter((m) => !m.startsWith('_'))] : listed,
    ];
  }),
);

type Zone = {
  zone: string;
  /** Where a probe is linted, and whether it sits in a .astro file's frontmatter or one of its <script>. */
  probes: { path: string; kind: 'ts' | 'frontmatter' | 'script' }[];
  own: string[];
  may: string[];
  types: string[];
  refusedGroups: string[];
  onlyPackages?: string[];
};

const zones: Zone[] = rows('| Zone ').map(([name, files, may, packages]) => {
  const zone = ticked(name!)[0]!;
  const globs = ticked(files!);
  const probes: Zone['probes'] = [];
  const own: string[] = [];
  for (const glob of globs) {
    if (glob === '<script>') probes.push({ path: 'src/components/Probe.astro', kind: 'script' });
    else if (glob === 'src/env.ts') probes.push({ path: 'src/env.ts', kind: 'ts' });
    else if (glob.endsWith('/**')) {
      const dir = glob.slice(0, -3).replace('<feature>', 'messages');
      own.push(dir.split('/')[1]!);
      const extension = dir.startsWith('src/admin') || dir === 'src/islands' ? 'tsx' : 'ts';
      probes.push({ path: `${dir}/probe.${extension}`, kind: 'ts' });
      if (['src/pages', 'src/layouts', 'src/components'].includes(dir))
        probes.push({ path: `${dir}/Probe.astro`, kind: 'frontmatter' });
    }
  }
  if (zone === 'admin feature') probes.push({ path: 'src/admin/lib/probe.ts', kind: 'ts' });
  const allowed = may!
    .split(';')[0]!
    .split(',')
    .map((part) => ({ name: ticked(part)[0]!, types: part.includes('(types only)') }));
  return {
    zone,
    probes,
    own,
    may: allowed.filter((a) => !a.types).map((a) => a.name),
    types: allowed.filter((a) => a.types).map((a) => a.name),
    refusedGroups: packages!.includes('all but') ? [...groups.keys()] : ticked(packages!),
    ...(packages!.includes('all but') && { onlyPackages: ticked(packages!) }),
  };
});

const FOLDERS = readdirSync(`${ROOT}src`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

type Probe = { line: string; refused: boolean };

/** The specifier of a folder of src/ (src/env.ts for env) from a file at `path`. */
function specifier(path: string, folder: string): string {
  const target = folder === 'env' ? 'src/env.ts' : `src/${folder}/probe.ts`;
  const relative = posix.relative(dirname(path), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function probesOf(z: Zone, path: string): Probe[] {
  const probes: Probe[] = [];
  let n = 0;
  const here = path.split('/')[1];
  for (const folder of [...FOLDERS, 'env'].filter((f) => !z.own.includes(f) && f !== here)) {
    const from = specifier(path, folder);
    const refused = !z.may.includes(folder);
    n += 1;
    probes.push({ line: `import { v as v${n} } from '${from}';`, refused });
    probes.push({ line: `export { v as e${n} } from '${from}';`, refused });
    probes.push({ line: `void import('${from}');`, refused });
    // `import type` ships nothing: accepted where the row says types only.
    probes.push({
      line: `import type { T as t${n} } from '${from}';`,
      refused: refused && !z.types.includes(folder),
    });
  }
  for (const [group, packages] of groups)
    for (const pkg of packages) {
      const refused = z.onlyPackages ? !z.onlyPackages.includes(pkg) : z.refusedGroups.includes(group);
      probes.push({ line: `import { v as p${++n} } from '${pkg}';`, refused });
      probes.push({ line: `void import('${pkg}');`, refused });
    }
  if (z.onlyPackages) probes.push({ line: "import { v as react } from 'react';", refused: true });
  return probes;
}

/** Lints the probes as one file at `path`, and answers the lines that were refused (1-based, probes only). */
async function refusedLines(
  path: string,
  kind: Zone['probes'][number]['kind'],
  lines: string[],
): Promise<Set<number>> {
  const body = lines.join('\n');
  const text =
    kind === 'ts'
      ? body
      : kind === 'frontmatter'
        ? `---\n${body}\n---\n\n<p></p>\n`
        : `<script>\n${body}\n</script>\n`;
  const offset = kind === 'ts' ? 0 : 1;
  const [result] = await eslint.lintText(text, { filePath: `${ROOT}${path}` });
  return new Set(
    (result?.messages ?? [])
      .filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId))
      .map((m) => m.line - offset),
  );
}

describe('the zones of src/ (docs/architecture.md, eslint.config.js)', () => {
  it('the table names a zone for every folder of src/ that holds code', () => {
    const zoned = new Set(zones.flatMap((z) => z.own));
    expect(FOLDERS.filter((f) => !zoned.has(f) && !['assets', 'content', 'styles'].includes(f))).toEqual([]);
    expect(zones.length).toBeGreaterThan(10);
    expect(groups.get('node')).toContain('node:x');
  });

  for (const z of zones)
    for (const { path, kind } of z.probes)
      it(`${z.zone}: ${path}${kind === 'ts' ? '' : ` (${kind})`} refuses what its row does not allow`, async () => {
        const probes = probesOf(z, path);
        const refused = await refusedLines(
          path,
          kind,
          probes.map((p) => p.line),
        );
        const wrong = probes
          .map((p, i) => ({ ...p, got: refused.has(i + 1) }))
          .filter((p) => p.got !== p.refused)
          .map((p) => `${p.refused ? 'not refused' : 'refused'}: ${p.line}`);
        expect(wrong).toEqual([]);
      });

  it('an admin feature (and lib/, ui/) reaches among its siblings lib/ and ui/ alone', async () => {
    const lines = [
      "import { v as a } from '../team/x.ts';",
      "void import('../team/x.ts');",
      "export { v as b } from '../shell/x.tsx';",
      "import { v as c } from '../lib/api.ts';",
      "import { v as d } from '../ui/field.tsx';",
      "void import('../ui/field.tsx');",
    ];
    for (const path of ['src/admin/messages/probe.tsx', 'src/admin/lib/probe.ts'])
      expect([...(await refusedLines(path, 'ts', lines))].sort()).toEqual([1, 2, 3]);
    expect([...(await refusedLines('src/admin/shell/probe.tsx', 'ts', lines))]).toEqual([]);
  });

  it('a template literal in import() is read like a string', async () => {
    const lines = ['void import(`../server/${"app"}.ts`);', 'void import(`../shared/${"x"}.ts`);'];
    expect([...(await refusedLines('src/islands/probe.tsx', 'ts', lines))]).toEqual([1]);
  });

  it('only src/env.ts reads process.env, in every zone', async () => {
    for (const { path, kind } of zones.flatMap((z) => z.probes))
      expect([...(await refusedLines(path, kind, ['void process.env.X;']))], path).toEqual(
        path === 'src/env.ts' ? [] : [1],
      );
  });

  it("the README's table of the runtimes is docs/architecture.md's", () => {
    const runtimes = (text: string) =>
      text.slice(text.indexOf('| Runtime '), text.indexOf('\n\n', text.indexOf('| Runtime ')));
    expect(runtimes(readFileSync(`${ROOT}README.md`, 'utf8'))).toEqual(runtimes(doc));
  });

  it('exempt the tests beside the code, which run in Node', async () => {
    expect([
      ...(await refusedLines('src/islands/x.test.ts', 'ts', ["import { v } from '../server/app.ts';"])),
    ]).toEqual([]);
  });
});

import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries between the runtimes sharing src/ (docs/architecture.md) hold because `npm run lint`
 * fails on a wrong import: each row of docs/architecture.md's table gets a deliberate violation here, linted with the
 * project's own eslint.config.js as if it were a file at that path, and one import the row allows, so that a
 * rule refusing everything (or nothing) fails too.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function refusals(filePath: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const rows: { files: string; refused: string[]; allowed: string }[] = [
  {
    files: 'src/contract/x.ts',
    refused: ['../server/app.ts', 'fastify', '../i18n/core.ts'],
    allowed: '../shared/enums.ts',
  },
  { files: 'src/db/x.ts', refused: ['../server/app.ts'], allowed: '../contract/index.ts' },
  {
    files: 'src/server/routes/x.ts',
    refused: ['../../build/x.ts', '../../islands/x.ts', '../../admin/x.ts'],
    allowed: '../../db/client.ts',
  },
  { files: 'src/build/x.ts', refused: ['../server/app.ts'], allowed: '../shared/enums.ts' },
  {
    files: 'src/media/x.ts',
    refused: ['../server/app.ts', '../db/client.ts', '../demo/index.ts', '../build/x.ts'],
    allowed: '../contract/index.ts',
  },
  {
    files: 'src/islands/x.tsx',
    refused: ['../server/app.ts', '../db/client.ts', '../demo/index.ts', '../media/x.ts'],
    allowed: '../stores/favorites.ts',
  },
  { files: 'src/scripts/x.ts', refused: ['../db/client.ts'], allowed: '../shared/enums.ts' },
  { files: 'src/stores/x.ts', refused: ['../server/app.ts'], allowed: '../shared/enums.ts' },
  {
    files: 'src/shared/x.ts',
    refused: ['../server/app.ts', '../islands/x.ts', '../build/x.ts', '../stores/x.ts'],
    allowed: '../i18n/core.ts',
  },
  {
    files: 'src/admin/messages/x.tsx',
    refused: ['../team/x.ts', '../../server/app.ts'],
    allowed: '../lib/api.ts',
  },
];

describe('the import boundaries of src/ (eslint.config.js)', () => {
  for (const { files, refused, allowed } of rows)
    it(`refuse what ${files} may not import, and allow ${allowed}`, async () => {
      for (const from of refused)
        expect(await refusals(files, from), `${files} importing ${from}`).not.toEqual([]);
      expect(await refusals(files, allowed)).toEqual([]);
    });

  it('exempt tests beside the code where docs/architecture.md says so', async () => {
    expect(await refusals('src/server/x.test.ts', '../build/x.ts')).toEqual([]);
  });
});

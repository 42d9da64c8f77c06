import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { countProperties, expectError, propertyInput } from '../helpers/fixtures.ts';

// Decision 0029: optional English and Lingala versions of a listing's title and description.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const english = { titleEn: 'Flat with a generator', descriptionEn: 'A bright flat near the river.' };
const lingala = { titleLn: 'Apartema na groupe', descriptionLn: 'Apartema ya malamu pene na ebale.' };

const create = (over: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/properties', headers: t.auth, payload: propertyInput(over) });

describe('translated titles and descriptions', () => {
  it('are null when staff add none', async () => {
    const res = await create({});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Property>()).toMatchObject({
      titleEn: null,
      descriptionEn: null,
      titleLn: null,
      descriptionLn: null,
    });
  });

  it('are stored on create, read back, replaced on update and removed when emptied', async () => {
    const res = await create({ ...english, ...lingala });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<Property>();
    expect(p).toMatchObject({ ...english, ...lingala });
    expect((await t.app.inject(`/api/properties/${p.id}`)).json()).toEqual(p);
    const listed = await t.app.inject('/api/properties?limit=100');
    expect(listed.json<{ data: Property[] }>().data.find((x) => x.id === p.id)).toMatchObject(lingala);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: propertyInput({
        titleEn: '  Edited flat ',
        descriptionEn: 'Edited.',
        titleLn: '',
        descriptionLn: ' ',
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Property>()).toMatchObject({
      titleEn: 'Edited flat',
      descriptionEn: 'Edited.',
      titleLn: null,
      descriptionLn: null,
    });

    // A PUT replaces the listing: a version left out is removed.
    const bare = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: propertyInput(),
    });
    expect(bare.json<Property>()).toMatchObject({ titleEn: null, descriptionEn: null });
  });

  it('refuse a title without its description, too long a text or control characters, in French, storing nothing', async () => {
    const before = await countProperties(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ titleEn: 'Only a title' }, /titre et la description en anglais vont ensemble/],
      [{ descriptionLn: 'Kaka description' }, /titre et la description en lingala vont ensemble/],
      [{ ...english, titleEn: 'x'.repeat(161) }, /./],
      [{ ...english, descriptionEn: 'x'.repeat(8001) }, /./],
      [{ ...lingala, titleLn: 'Apartema\u0000' }, /./],
      [{ ...english, titleEn: 42 }, /./],
    ];
    for (const [over, message] of cases) {
      const { message: text } = expectError(await create(over), 400, JSON.stringify(over).slice(0, 60));
      expect(text).toMatch(message);
    }
    expect(await countProperties(t)).toBe(before);
  });

  it('leave a listing unchanged when an update is refused', async () => {
    const p = (await create(english)).json<Property>();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: propertyInput({ title: 'Changé', titleEn: 'Changed' }),
    });
    expectError(res, 400);
    expect((await t.app.inject(`/api/properties/${p.id}`)).json()).toEqual(p);
  });
});

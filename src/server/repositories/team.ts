import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TeamListQuery, TeamMember, TeamMemberInput } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { teamMembers } from '../../db/schema.ts';
import { iso, likePattern } from './mapping.ts';
import { pageOf } from './paging.ts';

// Qualified by hand: Drizzle renders a column bare inside raw SQL, where it would bind to the subquery's table.
const assigned = sql<number>`(SELECT count(*)::int FROM properties p WHERE p.manager_id = "team_members"."id")`;
const columns = { member: teamMembers, propertiesAssigned: assigned };

function toMember({
  member: m,
  propertiesAssigned,
}: {
  member: typeof teamMembers.$inferSelect;
  propertiesAssigned: number;
}): TeamMember {
  return {
    id: m.id,
    name: m.name,
    role: m.role,
    phone: m.phone,
    email: m.email,
    photo: m.photo,
    joinDate: m.joinDate,
    isActive: m.isActive,
    propertiesAssigned: Number(propertiesAssigned),
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  };
}

export function teamRepository({ db }: Database) {
  async function get(id: number): Promise<TeamMember | null> {
    const [row] = await db.select(columns).from(teamMembers).where(eq(teamMembers.id, id));
    return row ? toMember(row) : null;
  }

  const values = (input: TeamMemberInput) => ({
    ...input,
    photo: input.photo ?? null,
    ...(input.joinDate ? { joinDate: input.joinDate } : {}),
  });

  return {
    get,

    async list(q: TeamListQuery) {
      const where: (SQL | undefined)[] = [];
      if (q.q) {
        const p = likePattern(q.q);
        where.push(or(ilike(teamMembers.name, p), ilike(teamMembers.email, p), ilike(teamMembers.phone, p)));
      }
      if (q.active) where.push(eq(teamMembers.isActive, q.active === 'true'));
      const condition = and(...where);
      return pageOf(
        db,
        q,
        { table: teamMembers, where: condition },
        (window) =>
          db
            .select(columns)
            .from(teamMembers)
            .where(condition)
            .orderBy(desc(teamMembers.createdAt), desc(teamMembers.id))
            .limit(window.limit)
            .offset(window.offset),
        toMember,
      );
    },

    async create(input: TeamMemberInput): Promise<TeamMember> {
      const [row] = await db.insert(teamMembers).values(values(input)).returning({ id: teamMembers.id });
      return (await get(row!.id))!;
    },

    async update(id: number, input: TeamMemberInput): Promise<TeamMember | null> {
      const [row] = await db
        .update(teamMembers)
        .set({ ...values(input), updatedAt: sql`now()` })
        .where(eq(teamMembers.id, id))
        .returning({ id: teamMembers.id });
      return row ? get(row.id) : null;
    },

    async toggle(id: number): Promise<TeamMember | null> {
      const [row] = await db
        .update(teamMembers)
        .set({ isActive: sql`NOT ${teamMembers.isActive}`, updatedAt: sql`now()` })
        .where(eq(teamMembers.id, id))
        .returning({ id: teamMembers.id });
      return row ? get(row.id) : null;
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db
        .delete(teamMembers)
        .where(eq(teamMembers.id, id))
        .returning({ id: teamMembers.id });
      return rows.length > 0;
    },
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;

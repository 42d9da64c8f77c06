import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  Page,
  PublicTeamMember,
  ReassignListingsResult,
  TeamListQuery,
  TeamMember,
  TeamMemberInput,
} from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { properties, teamMembers } from '../../db/schema.ts';
import { changedFields, editRow, lockedRow, transition, type Actor, type AuditRepository } from './audit.ts';
import { RefusedError } from './errors.ts';
import { iso, likePattern } from './mapping.ts';
import { newestFirst } from './paging.ts';

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

/** What anonymous callers see of a member: what the public pages show, no phone nor e-mail. */
const toPublic = (m: TeamMember): PublicTeamMember => ({
  id: m.id,
  name: m.name,
  role: m.role,
  photo: m.photo,
  joinDate: m.joinDate,
});

const activity = (active: boolean) => (active ? 'actif' : 'inactif');

/** A member as staff see it, read on `handle`: `db`, or the transaction it is read inside. */
async function get(handle: Db, id: number): Promise<TeamMember | null> {
  const [row] = await handle.select(columns).from(teamMembers).where(eq(teamMembers.id, id));
  return row ? toMember(row) : null;
}

const values = (input: TeamMemberInput) => ({
  ...input,
  photo: input.photo ?? null,
  ...(input.joinDate ? { joinDate: input.joinDate } : {}),
});

/** `byName`: the search looks at names only, so it cannot probe phones and e-mails it does not show. */
async function list(db: Db, q: TeamListQuery, byName = false): Promise<Page<TeamMember>> {
  const where: (SQL | undefined)[] = [];
  if (q.q) {
    const p = likePattern(q.q);
    where.push(
      byName
        ? ilike(teamMembers.name, p)
        : or(ilike(teamMembers.name, p), ilike(teamMembers.email, p), ilike(teamMembers.phone, p)),
    );
  }
  if (q.active) where.push(eq(teamMembers.isActive, q.active === 'true'));
  return newestFirst(
    db,
    q,
    { table: teamMembers, columns, newest: teamMembers.createdAt, where: and(...where) },
    toMember,
  );
}

/** Members as staff and the public pages read them. */
function readQueries({ db }: Database) {
  return {
    get: (id: number, handle: Db = db) => get(handle, id),
    list: (q: TeamListQuery) => list(db, q),

    /** Active members only, in their public shape (the `active` filter of the query is ignored). */
    async listPublic(q: TeamListQuery): Promise<Page<PublicTeamMember>> {
      const page = await list(db, { ...q, active: 'true' }, true);
      return { ...page, data: page.data.map(toPublic) };
    },

    /** An active member in its public shape; null for an unknown or former member. */
    async getPublic(id: number): Promise<PublicTeamMember | null> {
      const member = await get(db, id);
      return member?.isActive ? toPublic(member) : null;
    },
  };
}

/** Staff changes of the team, each audited. */
function editQueries(audit: AuditRepository) {
  return {
    async create(input: TeamMemberInput, actor: Actor): Promise<TeamMember> {
      return audit.change(actor, async (tx) => {
        const [row] = await tx.insert(teamMembers).values(values(input)).returning({ id: teamMembers.id });
        const member = (await get(tx, row!.id))!;
        return [member, { action: 'create', entity: 'team', entityId: member.id, label: member.name }];
      });
    },

    /** The audit detail lists the fields that changed. */
    async update(id: number, input: TeamMemberInput, actor: Actor): Promise<TeamMember | null> {
      return audit.change(actor, async (tx) => {
        const next = values(input);
        const before = await editRow(tx, teamMembers, id, next);
        if (!before) return [null, null];
        const detail = changedFields(before, next).join(', ') || null;
        return [
          await get(tx, id),
          { action: 'update', entity: 'team', entityId: id, label: input.name, detail },
        ];
      });
    },

    async toggle(id: number, actor: Actor): Promise<TeamMember | null> {
      return audit.change(actor, async (tx) => {
        const before = await editRow(tx, teamMembers, id, { isActive: sql`NOT ${teamMembers.isActive}` });
        if (!before) return [null, null];
        const detail = transition(activity(before.isActive), activity(!before.isActive));
        return [
          await get(tx, id),
          { action: 'status', entity: 'team', entityId: id, label: before.name, detail },
        ];
      });
    },

    /**
     * Hands every listing `id` manages to `to`, an active member other than `id`, in one transaction with
     * its audit row; null when `id` is unknown. Each listing is stamped as edited by staff (updatedAt, no
     * longer demo data), as an edit of its manager in the listing form would.
     */
    async reassignListings(id: number, to: number, actor: Actor): Promise<ReassignListingsResult | null> {
      return audit.change(actor, async (tx) => {
        const from = await lockedRow(tx, teamMembers, id);
        if (!from) return [null, null];
        if (to === id)
          throw new RefusedError(400, 'Choisissez un autre membre que celui dont les annonces partent');
        // Locked so that it cannot be deactivated or deleted before the listings are its.
        const heir = await lockedRow(tx, teamMembers, to);
        if (!heir?.isActive) {
          throw new RefusedError(
            400,
            'Le membre choisi pour reprendre les annonces n’existe pas ou n’est pas actif',
          );
        }
        const moved = await tx
          .update(properties)
          .set({ managerId: to, demo: false, updatedAt: sql`now()` })
          .where(eq(properties.managerId, id))
          .returning({ id: properties.id });
        const detail = `${moved.length} annonce${moved.length > 1 ? 's' : ''} confiée${moved.length > 1 ? 's' : ''} à ${heir.name}`;
        return [
          { moved: moved.length },
          { action: 'update', entity: 'team', entityId: id, label: from.name, detail },
        ];
      });
    },

    remove(id: number, actor: Actor): Promise<boolean> {
      return audit.remove(actor, 'team', teamMembers, id, (row) => row.name);
    },
  };
}

export function teamRepository(database: Database, audit: AuditRepository) {
  return { ...readQueries(database), ...editQueries(audit) };
}

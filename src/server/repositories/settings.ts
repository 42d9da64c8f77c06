import { eq } from 'drizzle-orm';
import {
  AgencySettings,
  type AgencySettingsValues,
  type AgencySettings as AgencySettingsT,
} from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { changedFields, type Actor, type AuditRepository } from './audit.ts';
import { iso } from './mapping.ts';

const AGENCY = 'agency';

/** The stored part of the agency's settings: what staff typed, without the row's bookkeeping. */
const Stored = AgencySettings.omit({ updatedAt: true });

/**
 * Settings staff edit, one JSON value per key. A key without a row answers its configured default (the
 * AGENCY_* variables for the agency): nothing is written until an admin saves.
 */
export function settingsRepository({ db }: Database, audit: AuditRepository, agencyDefault: AgencySettingsT) {
  async function agency(): Promise<AgencySettingsT> {
    const [row] = await db
      .select({ value: settings.value, updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, AGENCY));
    if (!row) return agencyDefault;
    // Read through the contract: a field added since the row was saved takes its default, an unknown one is
    // dropped, so an older row never breaks the site build.
    const stored = Stored.partial().safeParse(row.value);
    const { updatedAt: _u, ...defaults } = agencyDefault;
    return {
      ...defaults,
      ...(stored.success ? stored.data : {}),
      updatedAt: iso(row.updatedAt),
    };
  }

  return {
    agency,

    /** Saves the whole identity with its audit row (the fields that changed), in one transaction. */
    async saveAgency(values: AgencySettingsValues, actor: Actor): Promise<AgencySettingsT> {
      const before = await agency();
      await audit.change(actor, async (tx) => {
        const now = new Date();
        await tx
          .insert(settings)
          .values({ key: AGENCY, value: values, updatedAt: now, updatedBy: actor.id })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: values, updatedAt: now, updatedBy: actor.id },
          });
        const changed = changedFields(before, values);
        return [
          undefined,
          {
            action: 'update',
            entity: 'settings',
            entityId: null,
            label: values.name,
            detail: changed.length ? changed.join(', ') : null,
          },
        ];
      });
      return agency();
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;

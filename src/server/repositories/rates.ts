import { desc, sql, type SQL } from 'drizzle-orm';
import type { ExchangeRates, ExchangeRatesInput } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { exchangeRates, properties } from '../../db/schema.ts';
import type { Actor, AuditRepository } from './audit.ts';
import { isoOrNull } from './mapping.ts';

/** The configuration's rates (CDF_PER_USD, USD_PER_EUR): in force until staff set the first row. */
export interface DefaultRates {
  cdfPerUsd: number;
  usdPerEur: number;
}

/**
 * A listing's price in USD at the rates in force, in SQL: the newest row of exchange_rates, else the
 * configuration's. A subquery rather than a value read at start-up, so a rate set in the admin applies to the
 * next query (price sorting, the dashboard's revenue) without a restart.
 */
export function usdPriceSql(defaults: DefaultRates): SQL {
  const newest = (column: string) =>
    sql.raw(`(SELECT ${column} FROM exchange_rates ORDER BY set_at DESC, id DESC LIMIT 1)`);
  const cdf = sql`COALESCE(${newest('cdf_per_usd')}, ${defaults.cdfPerUsd}::numeric)`;
  const eur = sql`COALESCE(${newest('usd_per_eur')}, ${defaults.usdPerEur}::numeric)`;
  return sql`CASE ${properties.currency} WHEN 'CDF' THEN ${properties.price} / ${cdf} WHEN 'EUR' THEN ${properties.price} * ${eur} ELSE ${properties.price} END`;
}

const formatRate = (n: number) => String(Number(n.toFixed(6)));

export function ratesRepository(database: Database, defaults: DefaultRates, audit: AuditRepository) {
  const { db } = database;

  async function current(): Promise<ExchangeRates> {
    const [row] = await db
      .select()
      .from(exchangeRates)
      .orderBy(desc(exchangeRates.setAt), desc(exchangeRates.id))
      .limit(1);
    if (!row) return { ...defaults, setAt: null };
    return {
      cdfPerUsd: row.cdfPerUsd,
      usdPerEur: row.usdPerEur,
      setAt: isoOrNull(row.setAt),
    };
  }

  return {
    current,

    /** Puts new rates in force (a new row: the history stays), audited in the same transaction. */
    async set(input: ExchangeRatesInput, actor: Actor): Promise<ExchangeRates> {
      const before = await current();
      await audit.change(actor, async (tx) => {
        const [row] = await tx
          .insert(exchangeRates)
          .values({ ...input, setBy: actor.name })
          .returning({ id: exchangeRates.id });
        const detail = `1 USD = ${formatRate(before.cdfPerUsd)} → ${formatRate(input.cdfPerUsd)} CDF · 1 EUR = ${formatRate(before.usdPerEur)} → ${formatRate(input.usdPerEur)} USD`;
        return [
          row,
          { action: 'update', entity: 'rates', entityId: row!.id, label: 'Taux de change', detail },
        ];
      });
      return current();
    },
  };
}

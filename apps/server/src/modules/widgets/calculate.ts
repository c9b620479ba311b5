import { type EntityType, lastPoints, percentOf, roundTo2, type Widget, type WidgetData, type WidgetValue } from '@turnout/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';
import type { ListedQuery } from '../entities/service.ts';

/**
 * A widget's figures (spec 02 §3, §9), computed in SQL over the records the list query lets the
 * caller see: counts, the share of 'true' records, a maximum, the mean response time, and points
 * by day or slices by value. Empty sets give a total of 0 and null values, never a division by 0.
 */
export interface CalculateContext {
  tx: Tx;
  type: EntityType;
  where: (filters: { custom: Record<string, string>; place?: string | undefined }) => RawBuilder<boolean>;
  /** Today as yyyy-MM-dd (UTC): the last day of a line. */
  today: string;
}

/** A field's value as a number: a number, { value: number }, a numeric text, or h:m:s as hours. */
export function numberOf(property: string): RawBuilder<number | null> {
  const v = sql`data->>${property}`;
  return sql<number | null>`(CASE
    WHEN jsonb_typeof(data->${property}) = 'number' THEN (${v})::numeric
    WHEN jsonb_typeof(data->${property}->'value') = 'number' THEN (data->${property}->>'value')::numeric
    WHEN ${v} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN (${v})::numeric
    WHEN ${v} ~ '^[0-9]+:[0-5]?[0-9](:[0-5]?[0-9])?$' THEN split_part(${v}, ':', 1)::numeric
      + split_part(${v}, ':', 2)::numeric / 60 + coalesce(nullif(split_part(${v}, ':', 3), ''), '0')::numeric / 3600
  END)`;
}

/** A date-time field's instant (stored { value: ISO timestamp }), or null when it holds none. */
export function instantOf(property: string): RawBuilder<Date | null> {
  const v = sql`data->${property}->>'value'`;
  return sql<Date | null>`(CASE WHEN ${v} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' THEN (${v})::timestamptz END)`;
}

/** The day (yyyy-MM-dd, UTC) a record counts on in a line: a date field's day, or when it was created or updated. */
export function dayOf(property: string | null | undefined): RawBuilder<string | null> {
  if (!property || property === 'created_at') return sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  if (property === 'updated_at') return sql<string>`to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return sql<string | null>`left(data->${property}->>'value', 10)`;
}

/** The 30 days of a line ending today, oldest first. */
export function lastDays(today: string, n = 30): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function optionLabel(type: EntityType, property: string, key: string | null): string {
  if (key === null || key === '') return 'None';
  const field = type.fields.find((f) => f.field_data.property === property)?.field_data;
  const options = (field?.params as { options?: { key?: unknown; label?: unknown }[] } | undefined)?.options ?? [];
  const option = options.find((o) => String(o.key) === key);
  return typeof option?.label === 'string' ? option.label : key;
}

const blank = (unit: WidgetData['unit']): WidgetData => ({
  loaded: true,
  true: null,
  total: 0,
  value: null,
  values: [],
  unit,
  message: null,
});

export async function calculate(query: ListedQuery, ctx: CalculateContext, w: Widget): Promise<WidgetData> {
  const isTrue = ctx.where({ custom: w.true_filters.custom, place: w.true_filters.place ?? undefined });
  const fn = w.group_function;
  if (fn === 'percentage' || fn === 'gauge' || fn === 'x_of_y') {
    const row = await query
      .select([sql<number>`count(*)`.as('total'), sql<number>`count(*) FILTER (WHERE ${isTrue})`.as('yes')])
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const yes = Number(row.yes);
    if (fn === 'x_of_y') return { ...blank('count'), true: yes, total, value: yes };
    return { ...blank('percent'), true: yes, total, value: percentOf(yes, total) };
  }
  if (fn === 'maximum') {
    const row = await query
      .select([sql<number>`count(*)`.as('total'), sql<string | null>`max(${numberOf(w.value_field!)})`.as('max')])
      .executeTakeFirstOrThrow();
    return { ...blank('number'), total: Number(row.total), value: row.max === null ? null : roundTo2(Number(row.max)) };
  }
  if (fn === 'response_time') {
    const seconds = sql`extract(epoch FROM ${instantOf(w.end_field!)} - ${instantOf(w.start_field!)})`;
    const row = await query
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`count(${seconds})`.as('timed'),
        sql<string | null>`avg(${seconds})`.as('mean'),
      ])
      .executeTakeFirstOrThrow();
    return {
      ...blank('seconds'),
      true: Number(row.timed),
      total: Number(row.total),
      value: row.mean === null ? null : roundTo2(Number(row.mean)),
    };
  }
  if (fn === 'single-entity') {
    const row = await query
      .select([sql<string | null>`${numberOf(w.value_field!)}`.as('v')])
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const count = await query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const v = row?.v ?? null;
    return { ...blank('number'), total: Number(count.total), value: v === null ? null : roundTo2(Number(v)) };
  }
  if (fn === 'piechart') {
    const p = w.value_field!;
    const rows = await ctx.tx
      .selectFrom(query.select(sql`data->${p}`.as('v')).as('r'))
      .innerJoin(
        sql`LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.v) = 'array' THEN r.v ELSE jsonb_build_array(r.v) END)`.as<'k'>(
          sql`k(key)`,
        ),
        (join) => join.onTrue(),
      )
      .select([sql<string | null>`k.key`.as('key'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`k.key`)
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`k.key`)
      .limit(12)
      .execute();
    const values: WidgetValue[] = rows.map((r) => ({ key: r.key ?? '', label: optionLabel(ctx.type, p, r.key), value: Number(r.n) }));
    const total = values.reduce((sum, v) => sum + v.value, 0);
    return { ...blank('count'), total, value: total, values };
  }
  // count and multi_line: a total, and points by day for the last 30 days (per series for multi_line).
  const days = lastDays(ctx.today);
  const day = dayOf(w.date_field);
  const series = fn === 'multi_line' || w.render_type === 'multi_line' ? w.series_field : null;
  const seriesOf = series ? sql<string | null>`coalesce(data->>${series}, '')` : sql<string>`''`;
  const [counted, points] = [
    await query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    await ctx.tx
      .selectFrom(query.select([day.as('day'), seriesOf.as('series')]).as('r'))
      .select([sql<string>`r.day`.as('day'), sql<string>`r.series`.as('series'), sql<number>`count(*)`.as('n')])
      .where(sql`r.day`, '>=', days[0]!)
      .where(sql`r.day`, '<=', days[days.length - 1]!)
      .groupBy([sql`r.day`, sql`r.series`])
      .execute(),
  ];
  const seriesKeys = [...new Set(points.map((p) => p.series))].sort().slice(0, 6);
  const values: WidgetValue[] = lastPoints(
    days.flatMap((d) =>
      (seriesKeys.length > 0 ? seriesKeys : ['']).map((s) => ({
        key: d,
        label: d,
        value: Number(points.find((p) => p.day === d && p.series === s)?.n ?? 0),
        ...(series ? { series: optionLabel(ctx.type, series, s) } : {}),
      })),
    ),
    30 * Math.max(1, seriesKeys.length),
  );
  const total = Number(counted.total);
  return { ...blank('count'), total, value: total, values };
}

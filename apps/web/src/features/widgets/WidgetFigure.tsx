import '@mantine/charts/styles.layer.css';
import { LineChart, PieChart } from '@mantine/charts';
import { Group, Progress, RingProgress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatResponseTime, WIDGET_COLORS, type Widget, type WidgetData, type WidgetValue, widgetColor } from '@turnout/shared';

/** A chart's figures as a table, for screen readers (every chart has a text alternative). */
function ValuesTable({ caption, values }: { caption: string; values: WidgetValue[] }) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>Label</th>
            {values.some((v) => v.series) && <th>Series</th>}
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {values.map((v) => (
            <tr key={`${v.key}-${v.series ?? ''}`}>
              <td>{v.label}</td>
              {v.series !== undefined && <td>{v.series}</td>}
              <td>{v.value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </VisuallyHidden>
  );
}

const shortDay = (iso: string) => {
  const [, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}`;
};

/** Points by day as rows { day, series… } for the line chart. */
function linesOf(values: WidgetValue[]): { rows: Record<string, string | number>[]; series: string[] } {
  const series = [...new Set(values.map((v) => v.series ?? 'Count'))];
  const byDay = new Map<string, Record<string, string | number>>();
  for (const v of values) {
    const row = byDay.get(v.key) ?? { day: shortDay(v.key) };
    row[v.series ?? 'Count'] = v.value;
    byDay.set(v.key, row);
  }
  return { rows: [...byDay.values()], series };
}

function BigFigure({ value, caption }: { value: string; caption?: string }) {
  return (
    <Stack gap={0}>
      <Text fz={32} fw={700} lh={1.1}>
        {value}
      </Text>
      {caption && (
        <Text fz="sm" c="gray.7">
          {caption}
        </Text>
      )}
    </Stack>
  );
}

/** What a widget shows (spec 02 §2, §9): a line of the last 30 days, a pie, a gauge, a bar or a figure. */
export function WidgetFigure({ widget, data }: { widget: Widget; data: WidgetData }) {
  const color = widgetColor(widget.color);
  if (data.message) return <Text fz="sm">{data.message}</Text>;
  const fn = widget.group_function;
  const total = `${data.total} record${data.total === 1 ? '' : 's'}`;
  if (widget.render_type === 'progress_bar') {
    return (
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>{data.value === null ? '—' : fn === 'x_of_y' ? `${data.true} of ${data.total}` : `${data.value}%`}</Text>
          <Text fz="sm" c="gray.7">
            {data.true ?? 0} of {data.total}
          </Text>
        </Group>
        <Progress.Root size="lg">
          <Progress.Section
            value={data.total > 0 ? ((data.true ?? 0) * 100) / data.total : 0}
            color={color}
            aria-label={`${widget.name}: ${data.true ?? 0} of ${data.total}`}
          />
        </Progress.Root>
      </Stack>
    );
  }
  if (fn === 'response_time') {
    return <BigFigure value={formatResponseTime(data.value)} caption={`mean of ${data.true ?? 0} timed of ${total}`} />;
  }
  if (fn === 'gauge') {
    return (
      <Group gap="md">
        <RingProgress
          size={96}
          thickness={10}
          roundCaps
          sections={[{ value: data.value ?? 0, color }]}
          label={
            <Text ta="center" fw={700}>
              {data.value === null ? '—' : `${data.value}%`}
            </Text>
          }
          role="img"
          aria-label={`${widget.name}: ${data.value ?? 0}%`}
        />
        <Text fz="sm" c="gray.7">
          {data.true ?? 0} of {data.total}
        </Text>
      </Group>
    );
  }
  if (fn === 'percentage')
    return <BigFigure value={data.value === null ? '—' : `${data.value}%`} caption={`${data.true ?? 0} of ${data.total}`} />;
  if (fn === 'x_of_y') return <BigFigure value={`${data.true ?? 0} of ${data.total}`} />;
  if (fn === 'maximum' || fn === 'single-entity')
    return <BigFigure value={data.value === null ? '—' : String(data.value)} caption={total} />;
  if (fn === 'piechart') {
    if (data.values.length === 0) return <Text fz="sm">No records.</Text>;
    const slices = data.values.map((v, i) => ({ name: v.label, value: v.value, color: WIDGET_COLORS[i % WIDGET_COLORS.length]!.value }));
    return (
      <Group gap="md" wrap="nowrap" align="center">
        {/* The legend beside it says the same; inert keeps the drawing out of the tab order. */}
        <div aria-hidden inert>
          <PieChart data={slices} size={110} withTooltip={false} />
        </div>
        <Stack gap={2}>
          {slices.map((s) => (
            <Group key={s.name} gap={6} wrap="nowrap">
              <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: 'inline-block' }} />
              <Text fz="sm">
                {s.name}: {s.value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    );
  }
  // count and multi_line: the total, and the last 30 days as a line.
  const { rows, series } = linesOf(data.values);
  return (
    <Stack gap={6}>
      <BigFigure
        value={String(data.total)}
        caption={fn === 'multi_line' ? 'records by series, last 30 days' : 'records; last 30 days below'}
      />
      {rows.length > 0 && (
        <div aria-hidden inert>
          <LineChart
            h={120}
            data={rows}
            dataKey="day"
            series={series.map((name, i) => ({ name, color: i === 0 ? color : WIDGET_COLORS[i % WIDGET_COLORS.length]!.value }))}
            withDots={false}
            curveType="monotone"
            gridAxis="none"
            withLegend={series.length > 1}
            tickLine="none"
          />
        </div>
      )}
      <ValuesTable caption={`${widget.name}, by day`} values={data.values} />
    </Stack>
  );
}

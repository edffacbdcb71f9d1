import '@mantine/dates/styles.css';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { ReportActions } from './report-actions';
import { reportQuery, shortDate, type Choice } from './report-model';

export type DaysChoice = { mode: Choice['mode']; days: string[]; range: [string | null, string | null] };

/** Days for the report: a range or picked days, what is chosen (or what is wrong), Reset and Run Reports. */
export function ReportDaysPicker({ value, onChange, onReset, onRun, running }: {
  value: DaysChoice;
  onChange: (v: DaysChoice) => void;
  onReset: () => void;
  onRun: (query: Extract<ReturnType<typeof reportQuery>, { query: unknown }>['query']) => void;
  running: boolean;
}) {
  const { mode, days, range } = value;
  const choice: Choice = mode === 'days' ? { mode, days } : { mode, range };
  const ready = reportQuery(choice);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Days of the report">
      <Stack gap="sm" align="flex-start">
        <SegmentedControl
          value={mode}
          onChange={(v) => onChange({ ...value, mode: v as Choice['mode'] })}
          data={[
            { value: 'range', label: 'Date range' },
            { value: 'days', label: 'Pick days' },
          ]}
          aria-label="How to choose days"
        />
        {mode === 'range' ? (
          <DatePicker type="range" value={range} onChange={(r) => onChange({ ...value, range: r })} allowSingleDateInRange numberOfColumns={1} aria-label="Date range" nextLabel="Next month" previousLabel="Previous month" hideOutsideDates weekendDays={[]} />
        ) : (
          <DatePicker type="multiple" value={days} onChange={(d) => onChange({ ...value, days: d })} numberOfColumns={1} aria-label="Days" nextLabel="Next month" previousLabel="Previous month" hideOutsideDates weekendDays={[]} />
        )}
        <Text size="sm" c="dimmed" aria-live="polite">
          {'problem' in ready
            ? ready.problem
            : 'dates' in ready.query
              ? `${ready.query.dates.split(',').length} day(s) chosen`
              : `${shortDate(ready.query.from)} to ${shortDate(ready.query.to)}`}
        </Text>
        <ReportActions onReset={onReset} onRun={() => 'query' in ready && onRun(ready.query)} disabled={'problem' in ready} running={running} />
      </Stack>
    </Paper>
  );
}

import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import type { CSSProperties } from 'react';
import { weekRows } from './store-hours';

// Drawn as Mantine's Table draws by default (sm text, cells 7 px by xs, a gray-3 line between rows, none under
// the last) in plain elements: Mantine's Table component brings its ScrollArea along (~4.5 KB gzip), too much
// on the page most visitors open first for seven rows. A cell's font-weight comes last in its style, where
// first-view.ts adds it to a closed day of the prerendered card, so both cards are the same markup.
const TABLE: CSSProperties = {
  width: '100%',
  borderCollapse: 'collapse',
  lineHeight: 'var(--mantine-line-height)',
  fontSize: 'var(--mantine-font-size-sm)',
};
const ROW_LINE: CSSProperties = { borderBottom: 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-3)' };
const cell = (fontWeight?: number): CSSProperties => ({ padding: 'calc(0.4375rem * var(--mantine-scale)) var(--mantine-spacing-xs)', textAlign: 'start', fontWeight });

/** The week's hours on the store's card; empty (null store) in the prerendered card, which first-view.ts fills. */
export function HoursTable({ store }: { store: PublicStoreView | null }) {
  const rows = weekRows(store?.hours);
  return (
    <table style={TABLE}>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.day} style={i < rows.length - 1 ? ROW_LINE : undefined}>
            <th scope="row" style={cell(500)}>
              {r.day}
            </th>
            <td style={cell(store && r.closed ? 700 : undefined)} data-slot="hours">
              {store ? r.text : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { TONE_LABELS, type Tone } from './grid-model';

/** What the cards' colours mean, drawn with the cards' own tones (one small line beside the day's title). */
export function GridLegend() {
  return (
    <ul className="tb-legend" aria-label="Card colours">
      {(Object.keys(TONE_LABELS) as Exclude<Tone, 'plain'>[]).map((tone) => (
        <li key={tone}>
          <span className="tb-legend-swatch tb-card" data-tone={tone} aria-hidden="true" />
          {TONE_LABELS[tone]}
        </li>
      ))}
    </ul>
  );
}

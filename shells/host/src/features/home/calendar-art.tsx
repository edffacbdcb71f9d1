/** Hero illustration: a staff-column day calendar with colour-highlighted appointments and an overlap alert. */
export function CalendarArt() {
  const cols = [
    { name: 'Anna', blocks: [{ y: 40, h: 50, c: '#f48fb1' }, { y: 110, h: 70, c: '#80deea' }] },
    { name: 'Bao', blocks: [{ y: 60, h: 60, c: '#ffcc80' }, { y: 100, h: 50, c: '#ef9a9a', overlap: true }] },
    { name: 'Cleo', blocks: [{ y: 30, h: 40, c: '#a5d6a7' }, { y: 140, h: 50, c: '#ce93d8' }] },
  ];
  return (
    <svg viewBox="0 0 320 220" role="img" aria-label="A day calendar with one column per staff member and colour-highlighted appointments">
      <rect width="320" height="220" rx="10" fill="#f5fbfc" />
      <rect x="0" y="0" width="320" height="26" rx="10" fill="#006064" />
      <text x="12" y="18" fontSize="12" fill="#fff" fontFamily="system-ui, sans-serif" fontWeight="700">Today</text>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <g key={i}>
          <line x1="40" x2="312" y1={40 + i * 30} y2={40 + i * 30} stroke="#d9e2ec" />
          <text x="8" y={44 + i * 30} fontSize="9" fill="#52606d" fontFamily="system-ui, sans-serif">{`${9 + i}:00`}</text>
        </g>
      ))}
      {cols.map((col, i) => (
        <g key={col.name} transform={`translate(${44 + i * 90},0)`}>
          <text x="40" y="38" fontSize="0" />
          {col.blocks.map((b, j) => (
            <g key={j}>
              <rect x={b.overlap ? 40 : 2} y={b.y} width={b.overlap ? 42 : 82} height={b.h} rx="6" fill={b.c} opacity="0.95" />
              <rect x={b.overlap ? 44 : 6} y={b.y + 6} width={b.overlap ? 26 : 50} height="5" rx="2.5" fill="#fff" opacity="0.9" />
              <rect x={b.overlap ? 44 : 6} y={b.y + 15} width={b.overlap ? 18 : 34} height="4" rx="2" fill="#fff" opacity="0.7" />
            </g>
          ))}
        </g>
      ))}
      <g transform="translate(170,160)">
        <rect width="136" height="44" rx="8" fill="#fff" stroke="#e53935" strokeWidth="2" />
        <circle cx="20" cy="22" r="11" fill="#e53935" />
        <text x="20" y="27" textAnchor="middle" fontSize="15" fill="#fff" fontWeight="800" fontFamily="system-ui, sans-serif">!</text>
        <text x="38" y="19" fontSize="10" fill="#1f2933" fontWeight="700" fontFamily="system-ui, sans-serif">Overlap alert</text>
        <text x="38" y="33" fontSize="9" fill="#52606d" fontFamily="system-ui, sans-serif">Bao is booked 10:00</text>
      </g>
    </svg>
  );
}

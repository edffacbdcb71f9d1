// Simple drawings of each step of creating a store (FAQ). Decorative text is in the step's caption, so the
// images carry short alt text only.
const font = 'system-ui, sans-serif';

function Frame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 280 180" role="img" aria-label={label}>
      <rect x="10" y="10" width="260" height="160" rx="12" fill="#fff" stroke="#d9e2ec" strokeWidth="2" />
      <rect x="10" y="10" width="260" height="24" rx="12" fill="#e0f7fa" />
      <circle cx="26" cy="22" r="4" fill="#ef9a9a" />
      <circle cx="38" cy="22" r="4" fill="#ffe082" />
      <circle cx="50" cy="22" r="4" fill="#a5d6a7" />
      {children}
    </svg>
  );
}

const Field = ({ y, label, w = 180 }: { y: number; label: string; w?: number }) => (
  <g>
    <text x="50" y={y - 4} fontSize="9" fill="#52606d" fontFamily={font}>{label}</text>
    <rect x="50" y={y} width={w} height="16" rx="4" fill="#f5fbfc" stroke="#b0bec5" />
  </g>
);

export function SignUpArt() {
  return (
    <Frame label="The Sign Up form">
      <text x="140" y="54" textAnchor="middle" fontSize="13" fontWeight="700" fill="#1f2933" fontFamily={font}>Sign Up</text>
      <Field y={72} label="Email" />
      <Field y={104} label="Password" />
      <rect x="95" y="134" width="90" height="22" rx="6" fill="#00838f" />
      <text x="140" y="149" textAnchor="middle" fontSize="11" fill="#fff" fontWeight="700" fontFamily={font}>Next</text>
    </Frame>
  );
}

export function VerifyArt() {
  return (
    <Frame label="An email with the activation link">
      <rect x="80" y="56" width="120" height="80" rx="8" fill="#fff" stroke="#00838f" strokeWidth="3" />
      <path d="M80 62l60 42 60-42" fill="none" stroke="#00838f" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="200" cy="132" r="18" fill="#43a047" />
      <path d="M191 132l6 6 12-13" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <text x="140" y="160" textAnchor="middle" fontSize="10" fill="#52606d" fontFamily={font}>Click the verification link</text>
    </Frame>
  );
}

export function CreateStoreArt() {
  return (
    <Frame label="My Stores with the Create New Store button">
      <text x="30" y="54" fontSize="12" fontWeight="700" fill="#1f2933" fontFamily={font}>Your Business(es)</text>
      <rect x="30" y="64" width="220" height="26" rx="6" fill="#f5fbfc" stroke="#d9e2ec" />
      <text x="42" y="81" fontSize="10" fill="#1f2933" fontFamily={font}>No store yet</text>
      <rect x="30" y="104" width="150" height="30" rx="8" fill="#00838f" />
      <text x="105" y="123" textAnchor="middle" fontSize="11" fill="#fff" fontWeight="700" fontFamily={font}>+ Create New Store</text>
      <path d="M200 150l-12-22 24 8-9 3z" fill="#1f2933" />
    </Frame>
  );
}

export function StoreDetailsArt() {
  return (
    <Frame label="The store form: name, address, hours">
      <Field y={56} label="Store name" />
      <Field y={88} label="Address" />
      <text x="50" y="118" fontSize="9" fill="#52606d" fontFamily={font}>Business hours</text>
      {['M', 'T', 'W', 'T', 'F', 'S', 'S'].map((d, i) => (
        <g key={i}>
          <rect x={50 + i * 26} y="124" width="22" height="22" rx="5" fill={i < 6 ? '#00838f' : '#eceff1'} />
          <text x={61 + i * 26} y="139" textAnchor="middle" fontSize="10" fill={i < 6 ? '#fff' : '#90a4ae'} fontWeight="700" fontFamily={font}>{d}</text>
        </g>
      ))}
    </Frame>
  );
}

export function CalendarReadyArt() {
  const blocks = [
    { x: 52, y: 60, h: 30, c: '#f48fb1' },
    { x: 122, y: 50, h: 44, c: '#80deea' },
    { x: 192, y: 84, h: 34, c: '#ffcc80' },
    { x: 52, y: 112, h: 36, c: '#a5d6a7' },
  ];
  return (
    <Frame label="The store calendar with staff columns">
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x={50 + i * 70} y="42" width="64" height="118" rx="6" fill="#f5fbfc" stroke="#d9e2ec" />
        </g>
      ))}
      {blocks.map((b, i) => (
        <rect key={i} x={b.x} y={b.y} width="60" height={b.h} rx="5" fill={b.c} />
      ))}
      <text x="30" y="62" fontSize="8" fill="#52606d" fontFamily={font}>9am</text>
      <text x="30" y="112" fontSize="8" fill="#52606d" fontFamily={font}>11am</text>
    </Frame>
  );
}

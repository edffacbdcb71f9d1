import { SERVICE_ICONS } from './service-icon-set';

/** The icon def for a service's `icon` ('1'..'67'), or undefined for anything else. */
export function iconDef(icon: string | number | null | undefined) {
  const n = Number(icon);
  return Number.isInteger(n) && n >= 1 && n <= SERVICE_ICONS.length ? SERVICE_ICONS[n - 1] : undefined;
}

/**
 * Renders service icon n (1..67) from our own set as an inline SVG; anything else (none chosen, or an
 * image path stored before icons were limited to our set) is the empty placeholder, never loaded.
 */
export function ServiceIcon({ icon, size = 32, title }: { icon: string | number | null | undefined; size?: number; title?: string }) {
  const def = iconDef(icon);
  if (!def) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
        <circle cx="12" cy="12" r="8" strokeDasharray="3 3" />
      </svg>
    );
  }
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      dangerouslySetInnerHTML={{ __html: def.body }}
    />
  );
}

export { SERVICE_ICONS };

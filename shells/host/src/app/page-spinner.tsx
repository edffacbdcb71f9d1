/** Plain (no UI kit) loading indicator shown while a page or the UI kit downloads. */
export function PageSpinner() {
  return (
    <div className="tb-spinner" role="status" aria-live="polite">
      <span className="tb-spinner__dot" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

import type { StoreActivityProps } from './index';

// Replaced by the bell, activities and income (issue 17 items 5 and 6).
export function StoreActivity(_props: StoreActivityProps) {
  return null;
}

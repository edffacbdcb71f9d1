import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitleFor } from './page-titles';

function setDescription(text: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/** Keeps document.title and the meta description in step with the route's first path segment. */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { title, description } = pageTitleFor(pathname);
    document.title = title;
    setDescription(description);
  }, [pathname]);
}

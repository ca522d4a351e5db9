// Screens declare their breadcrumb here; the header shows it and the document title follows its last crumb.
import { useEffect } from 'react';
import { useNavigationStore } from '../state/navigation-store';
import type { BreadcrumbItem } from '../state/navigation-store';

export const APP_NAME = 'Sightline';

export function useBreadcrumb(items: BreadcrumbItem[]): void {
  const setBreadcrumb = useNavigationStore((s) => s.setBreadcrumb);
  const key = JSON.stringify(items);
  useEffect(() => {
    const parsed = JSON.parse(key) as BreadcrumbItem[];
    setBreadcrumb(parsed);
    const last = parsed[parsed.length - 1];
    document.title = last ? `${last.label} · ${APP_NAME}` : APP_NAME;
  }, [key, setBreadcrumb]);
}

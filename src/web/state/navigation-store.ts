// Sidebar position and breadcrumb (spec §2, §4): the active section and sub-section, settable, defaulting to
// visibility / Visibility Explorer (§9); the breadcrumb title shown in the header is held here too.
import { create } from 'zustand';
import { DEFAULT_NAVIGATION } from '@core/navigation';

export interface BreadcrumbItem {
  label: string;
  /** Address of the crumb; the last crumb (the current page) has none. */
  href?: string;
}

export interface NavigationState {
  section: string;
  subSection: string;
  breadcrumb: BreadcrumbItem[];
  setSection: (section: string) => void;
  setSubSection: (subSection: string) => void;
  /** Both at once, as a route change does. */
  setNavigation: (section: string, subSection: string) => void;
  setBreadcrumb: (breadcrumb: BreadcrumbItem[]) => void;
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  section: DEFAULT_NAVIGATION.section,
  subSection: DEFAULT_NAVIGATION.subSection,
  breadcrumb: [],
  setSection: (section) => set({ section }),
  setSubSection: (subSection) => set({ subSection }),
  setNavigation: (section, subSection) => set({ section, subSection }),
  setBreadcrumb: (breadcrumb) => set({ breadcrumb }),
}));

// The report and brand template setting (spec §1, §3): a list of templates, one selected, defaulting to the
// configured brand template. Sightline ships one template today; the list is where more are added.
import { create } from 'zustand';
import { logger } from '../lib/logger';

export interface Template {
  id: string;
  label: string;
}

export const TEMPLATES: readonly Template[] = [{ id: 'sightline', label: 'Sightline' }];
export const DEFAULT_TEMPLATE = 'sightline';

export interface TemplateState {
  templates: readonly Template[];
  template: string;
  /** Selects a template of the list; an unknown id is refused with a warning. */
  setTemplate: (id: string) => void;
}

export const useTemplateStore = create<TemplateState>()((set, get) => ({
  templates: TEMPLATES,
  template: DEFAULT_TEMPLATE,
  setTemplate: (id) => {
    if (!get().templates.some((t) => t.id === id)) {
      logger.warn(`unknown template '${id}'`);
      return;
    }
    set({ template: id });
  },
}));

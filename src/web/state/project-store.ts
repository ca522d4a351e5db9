// The project list and the current project (spec §3, §4): set the current project alone, or the list
// together with a current project.
import { create } from 'zustand';

export interface ProjectRef {
  id: number;
  name: string;
}

export interface ProjectState {
  projects: ProjectRef[];
  currentProjectId: number | null;
  setCurrentProject: (id: number | null) => void;
  /**
   * Replaces the list. The current project becomes `currentId` when given, else stays when it is still in the
   * list, else the first project (null for an empty list).
   */
  setProjects: (projects: ProjectRef[], currentId?: number | null) => void;
}

export const useProjectStore = create<ProjectState>()((set, get) => ({
  projects: [],
  currentProjectId: null,
  setCurrentProject: (id) => set({ currentProjectId: id }),
  setProjects: (projects, currentId) => {
    const keep = get().currentProjectId;
    const current =
      currentId !== undefined
        ? currentId
        : projects.some((p) => p.id === keep)
          ? keep
          : (projects[0]?.id ?? null);
    set({ projects, currentProjectId: current });
  },
}));

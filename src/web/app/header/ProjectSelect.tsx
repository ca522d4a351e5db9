// The current-project selector: loads the organisation's projects into the project store and keeps one
// selected (the first, until the user picks another).
import { useEffect } from 'react';
import { Select, Tooltip } from '@mantine/core';
import { describeError } from '../../api/client';
import { useProjects } from '../../api/use-workspace';
import { useProjectStore } from '../../state/project-store';

/** `width`: px in the header, '100%' in the narrow-screen sidebar. */
export function ProjectSelect({ width = 176 }: { width?: number | string }) {
  const query = useProjects();
  const { projects, currentProjectId, setProjects, setCurrentProject } = useProjectStore();
  useEffect(() => {
    if (query.data) setProjects(query.data.items.map((p) => ({ id: p.id, name: p.name })));
  }, [query.data, setProjects]);

  const select = (
    <Select
      size="xs"
      w={width}
      aria-label="Current project"
      leftSection={
        <span aria-hidden="true" style={{ fontSize: 11, color: 'var(--mantine-color-gray-6)' }}>
          Project
        </span>
      }
      leftSectionWidth={56}
      placeholder={query.isPending ? 'Loading…' : query.isError ? 'Unavailable' : 'No projects'}
      data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
      value={currentProjectId === null ? null : String(currentProjectId)}
      onChange={(v) => v !== null && setCurrentProject(Number(v))}
      disabled={projects.length === 0}
      error={query.isError}
      allowDeselect={false}
      searchable={projects.length > 8}
      comboboxProps={{ width: 260, position: 'bottom-start' }}
    />
  );
  return query.isError ? (
    <Tooltip label={`Projects could not be loaded: ${describeError(query.error)}`}>{select}</Tooltip>
  ) : (
    select
  );
}

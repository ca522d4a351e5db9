// Wizard step 1: the project the campaign belongs to — one of the organisation's, or a new one created when
// the step is left. Coming back to it after the campaign exists moves the campaign to the project chosen.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import type { CampaignDetail } from '@contracts/workspace';
import { useCreateProject, useUpdateCampaign } from '../../api/use-campaign-setup';
import { useProjects } from '../../api/use-workspace';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { fieldError } from './setup-errors';

type Mode = 'existing' | 'new';

export function ProjectStep({
  projectId,
  campaign,
  onDone,
}: {
  /** The project chosen so far (the current project of the header at first). */
  projectId: number | null;
  campaign: CampaignDetail | null;
  onDone: (projectId: number) => void;
}) {
  const projects = useProjects();
  const create = useCreateProject();
  const move = useUpdateCampaign(campaign?.id ?? 0);
  const items = projects.data?.items ?? [];
  const [mode, setMode] = useState<Mode | null>(null);
  const [selected, setSelected] = useState<string | null>(projectId === null ? null : String(projectId));
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // With no project yet, the only way is a new one.
  const chosenMode: Mode = mode ?? (items.length === 0 ? 'new' : 'existing');
  const validSelection = items.some((p) => String(p.id) === selected) ? selected : null;

  const finish = (id: number) => {
    if (campaign !== null && campaign.projectId !== id)
      move.mutate({ projectId: id }, { onSuccess: () => onDone(id) });
    else onDone(id);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosenMode === 'existing') {
      if (validSelection === null) return setProblem('Choose a project, or create a new one.');
      return finish(Number(validSelection));
    }
    if (name.trim() === '') return setProblem('Give the project a name.');
    create.mutate(name.trim(), {
      onSuccess: (p) => {
        setSelected(String(p.id));
        setMode('existing');
        setName('');
        finish(p.id);
      },
    });
  };

  if (projects.isPending) return <TableSkeleton rows={3} columns={2} />;
  if (projects.isError) {
    return (
      <ErrorView
        title="Projects could not be loaded"
        error={projects.error}
        onRetry={() => void projects.refetch()}
      />
    );
  }
  const error = problem ?? fieldError(create.error);
  return (
    <form onSubmit={submit} aria-label="Project" noValidate>
      <Stack gap="md" maw={520}>
        <Radio.Group
          label="Project"
          description="A project holds campaigns (a keyword set each); project visibility adds them up."
          value={chosenMode}
          onChange={(v) => {
            setMode(v as Mode);
            setProblem(null);
          }}
        >
          <Stack gap={6} mt="xs">
            <Radio value="existing" label="An existing project" disabled={items.length === 0} />
            <Radio value="new" label="A new project" />
          </Stack>
        </Radio.Group>
        {chosenMode === 'existing' ? (
          <Select
            label="Choose the project"
            data={items.map((p) => ({ value: String(p.id), label: p.name }))}
            value={validSelection}
            onChange={(v) => {
              setSelected(v);
              setProblem(null);
            }}
            searchable
            allowDeselect={false}
            error={error}
          />
        ) : (
          <TextInput
            label="Name of the new project"
            placeholder="e.g. Acme retail"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setProblem(null);
              create.reset();
            }}
            error={error}
            maxLength={120}
            data-autofocus
          />
        )}
        {move.isError && (
          <Alert color="red" variant="light" title="The campaign was not moved">
            {fieldError(move.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || move.isPending}>
            {chosenMode === 'new' ? 'Create project and continue' : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

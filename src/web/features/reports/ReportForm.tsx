// The one way to start a report: a name and a campaign of the current project. It creates the report with a
// first block (the campaign's visibility over time, last month) and opens it in the block editor, where its
// title, period and sections (widgets, text, page breaks) are set — there is no second form for sections.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { createReportRequest } from '@contracts/reports';
import type { Report } from '@contracts/reports';
import { describeError } from '../../api/client';
import { useCreateReport } from '../../api/use-reports';
import { useCampaigns } from '../../api/use-workspace';
import { useProjectStore } from '../../state/project-store';

type FieldErrors = Partial<Record<'name' | 'campaignId', string>>;

/** The block a new report starts with; the editor adds the rest. */
const FIRST_BLOCK = { kind: 'widget', id: 'widget-1', type: 'campaign-visibility', title: null } as const;

export function ReportForm({ onCreated }: { onCreated: (report: Report) => void }) {
  const projectId = useProjectStore((s) => s.currentProjectId);
  const campaigns = useCampaigns(projectId);
  const create = useCreateReport();
  const [name, setName] = useState('');
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const campaignOptions = (campaigns.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.market})`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReportRequest.safeParse({
      name,
      campaignId: campaignId === null ? 0 : Number(campaignId),
      blocks: [FIRST_BLOCK],
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'name' || key === 'campaignId')
          found[key] ??=
            key === 'campaignId'
              ? 'Choose a campaign'
              : issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (report) => {
        onCreated(report);
        setName('');
      },
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-report">
      <Text id="new-report" component="h2" fw={600} size="sm" mb={4}>
        New report
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        Name it and pick its campaign; it opens in the editor below, where you set its title, period and
        sections.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            placeholder="e.g. Monthly visibility, UK"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
          />
          <Select
            label="Campaign"
            placeholder={
              campaigns.isPending
                ? 'Loading campaigns…'
                : campaignOptions.length === 0
                  ? 'No campaigns in this project'
                  : 'Choose a campaign'
            }
            data={campaignOptions}
            value={campaignId}
            onChange={setCampaignId}
            error={
              errors.campaignId ??
              (campaigns.isError
                ? `Campaigns could not be loaded: ${describeError(campaigns.error)}`
                : undefined)
            }
            searchable
            required
            disabled={campaignOptions.length === 0}
          />
          {create.isError && (
            <Alert color="red" variant="light" title="The report was not created" role="alert">
              {describeError(create.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create and edit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

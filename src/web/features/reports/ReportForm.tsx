// The form that creates a report definition: a name, a campaign of the current project, the sections as an
// ordered checklist (ticked sections in report order, each movable up or down), and the format.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { createReportRequest, REPORT_SECTION_LABELS, REPORT_SECTIONS } from '@contracts/reports';
import type { ReportSection } from '@contracts/reports';
import { describeError } from '../../api/client';
import { useCampaigns } from '../../api/use-workspace';
import { useCreateReport } from '../../api/use-reports';
import { ArrowDownIcon, ArrowUpIcon } from '../../components/icons';
import { useProjectStore } from '../../state/project-store';
import { moveSection, toggleSection } from './section-order';
import classes from './ReportForm.module.css';

type Format = 'html' | 'csv';
type FieldErrors = Partial<Record<'name' | 'campaignId' | 'sections', string>>;

const DEFAULT_SECTIONS: ReportSection[] = ['visibility', 'share-of-visibility', 'competitors-league'];

export function ReportForm({ onCreated }: { onCreated: (name: string) => void }) {
  const projectId = useProjectStore((s) => s.currentProjectId);
  const campaigns = useCampaigns(projectId);
  const create = useCreateReport();
  const [name, setName] = useState('');
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [sections, setSections] = useState<ReportSection[]>(DEFAULT_SECTIONS);
  const [format, setFormat] = useState<Format>('html');
  const [errors, setErrors] = useState<FieldErrors>({});

  const unchosen = REPORT_SECTIONS.filter((s) => !sections.includes(s));
  const campaignOptions = (campaigns.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.market})`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReportRequest.safeParse({
      name,
      campaignId: campaignId === null ? 0 : Number(campaignId),
      sections,
      format,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'name' || key === 'campaignId' || key === 'sections')
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
        onCreated(report.name);
        setName('');
        setSections(DEFAULT_SECTIONS);
      },
    });
  };

  const row = (section: ReportSection, index: number | null) => (
    <Group
      key={section}
      className={classes.row}
      wrap="nowrap"
      justify="space-between"
      data-chosen={index !== null || undefined}
    >
      <Group gap={8} wrap="nowrap">
        <Text size="xs" c="dimmed" w={16} ta="right" aria-hidden="true">
          {index === null ? '' : index + 1}
        </Text>
        <Checkbox
          size="xs"
          label={REPORT_SECTION_LABELS[section]}
          checked={index !== null}
          onChange={(e) => setSections((s) => toggleSection(s, section, e.currentTarget.checked))}
        />
      </Group>
      {index !== null && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            disabled={index === 0}
            onClick={() => setSections((s) => moveSection(s, section, -1))}
            aria-label={`Move ${REPORT_SECTION_LABELS[section]} up`}
          >
            <ArrowUpIcon size={13} />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            disabled={index === sections.length - 1}
            onClick={() => setSections((s) => moveSection(s, section, 1))}
            aria-label={`Move ${REPORT_SECTION_LABELS[section]} down`}
          >
            <ArrowDownIcon size={13} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-report">
      <Text id="new-report" component="h2" fw={600} size="sm" mb="sm">
        New report
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
          <Input.Wrapper
            label="Sections"
            description="Ticked sections appear in this order; use the arrows to reorder."
            error={errors.sections}
            required
          >
            <div className={classes.list} role="group" aria-label="Report sections">
              {sections.map((s, i) => row(s, i))}
              {unchosen.map((s) => row(s, null))}
            </div>
          </Input.Wrapper>
          <Input.Wrapper label="Format">
            <div>
              <SegmentedControl
                size="xs"
                value={format}
                onChange={(v) => setFormat(v as Format)}
                data={[
                  { value: 'html', label: 'HTML document' },
                  { value: 'csv', label: 'CSV data' },
                ]}
                aria-label="Format"
              />
            </div>
          </Input.Wrapper>
          {create.isError && (
            <Alert color="red" variant="light" title="The report was not saved" role="alert">
              {describeError(create.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Save report
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

// The campaign's annotations (issue 29 item 6): its own and the organisation-wide ones, which the time charts
// draw as dashed vertical lines. With ROLE_CV: add one (date, title, note, this campaign or the whole
// organisation), edit or delete it, and import a CSV of known search-engine updates — a refused file lists
// each bad line and column, and nothing of it is stored.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Annotation } from '@contracts/annotations';
import { annotationCsvErrors } from '@contracts/annotations';
import { describeError, isApiError } from '../../api/client';
import {
  useAnnotations,
  useCreateAnnotation,
  useDeleteAnnotation,
  useImportAnnotations,
  useUpdateAnnotation,
} from '../../api/use-annotations';
import { useFormat } from '../../app/route-context';
import { ErrorView } from '../../components/StateViews';
import { ConfirmModal } from '../../components/ConfirmModal';
import { RowActions, ROW_ACTIONS_WIDTH } from '../setup/RowActions';

interface Draft {
  date: string;
  title: string;
  note: string;
  organisationWide: boolean;
}
const EMPTY: Draft = { date: '', title: '', note: '', organisationWide: false };

function AnnotationForm({
  campaignId,
  editing,
  onDone,
}: {
  campaignId: number;
  editing: Annotation | null;
  onDone: () => void;
}) {
  const create = useCreateAnnotation();
  const update = useUpdateAnnotation();
  const [draft, setDraft] = useState<Draft>(
    editing === null
      ? EMPTY
      : {
          date: editing.date,
          title: editing.title,
          note: editing.note ?? '',
          organisationWide: editing.campaignId === null,
        },
  );
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const busy = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      date: draft.date,
      title: draft.title,
      note: draft.note,
      campaignId: draft.organisationWide ? null : campaignId,
    };
    const done = () => {
      setDraft(EMPTY);
      onDone();
    };
    if (editing === null) create.mutate(body, { onSuccess: done });
    else update.mutate({ id: editing.id, patch: body }, { onSuccess: done });
  };
  return (
    <form onSubmit={submit} aria-label={editing === null ? 'Add an annotation' : 'Edit the annotation'}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Date"
            type="date"
            required
            value={draft.date}
            onChange={(e) => set({ date: e.currentTarget.value })}
          />
          <TextInput
            label="Title"
            required
            maxLength={200}
            style={{ flex: 1, minWidth: 200 }}
            value={draft.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
          />
        </Group>
        <Textarea
          label="Note"
          rows={2}
          maxLength={2000}
          value={draft.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
        />
        <Group justify="space-between">
          <Checkbox
            label="Organisation-wide (shown on every campaign's charts)"
            checked={draft.organisationWide}
            onChange={(e) => set({ organisationWide: e.currentTarget.checked })}
          />
          <Group gap="xs">
            {editing !== null && (
              <Button size="xs" variant="default" onClick={onDone}>
                Cancel
              </Button>
            )}
            <Button size="xs" type="submit" loading={busy}>
              {editing === null ? 'Add annotation' : 'Save annotation'}
            </Button>
          </Group>
        </Group>
        {error !== null && (
          <Alert color="red" variant="light" title="The annotation was not saved">
            {describeError(error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** The errors of a refused CSV, each with its line; null when the failure was not about the file's rows. */
function csvErrorsOf(error: unknown) {
  if (!isApiError(error) || error.code !== 'invalid_csv') return null;
  const parsed = annotationCsvErrors.safeParse(error.details);
  return parsed.success ? parsed.data.errors : null;
}

function CsvImport({ campaignId }: { campaignId: number }) {
  const importCsv = useImportAnnotations();
  const [organisationWide, setOrganisationWide] = useState(true);
  const format = useFormat();
  const onFile = async (file: File | undefined) => {
    if (file === undefined) return;
    const csv = await file.text();
    importCsv.mutate({ csv, campaignId: organisationWide ? null : campaignId });
  };
  const rowErrors = csvErrorsOf(importCsv.error);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Import known search-engine updates
      </Text>
      <Text size="xs" c="dimmed">
        A CSV with the header date,title or date,title,note and one row per update (dates as YYYY-MM-DD, at
        most 5,000 rows). A file with any bad row is refused whole.
      </Text>
      <Group gap="sm">
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV of search-engine updates"
          style={{ maxWidth: '100%' }}
          disabled={importCsv.isPending}
          onChange={(e) => {
            void onFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <Checkbox
          label="Organisation-wide"
          checked={organisationWide}
          onChange={(e) => setOrganisationWide(e.currentTarget.checked)}
        />
      </Group>
      {importCsv.isSuccess && (
        <Text size="sm" c="teal" role="status">
          Imported {format.integer(importCsv.data.created)} annotations.
        </Text>
      )}
      {importCsv.error !== null && (
        <Alert color="red" variant="light" title="Nothing was imported">
          {rowErrors === null ? (
            describeError(importCsv.error)
          ) : (
            <List size="sm" aria-label="Errors in the file">
              {rowErrors.map((e, i) => (
                <List.Item key={i}>{e.message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}

export function AnnotationsPanel({ campaignId, readOnly }: { campaignId: number; readOnly: boolean }) {
  const annotations = useAnnotations(campaignId);
  const remove = useDeleteAnnotation();
  const format = useFormat();
  const [editing, setEditing] = useState<Annotation | null>(null);
  const [deleting, setDeleting] = useState<Annotation | null>(null);
  const items = annotations.data ?? [];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz={15} fw={600}>
          Annotations
        </Title>
        <Text size="xs" c="dimmed">
          Notes on a date, drawn on the time charts as dashed lines: this campaign's and the organisation-wide
          ones.
        </Text>
        {annotations.isError ? (
          <ErrorView
            title="Annotations could not be loaded"
            error={annotations.error}
            onRetry={() => void annotations.refetch()}
          />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {annotations.isPending ? 'Loading annotations…' : 'No annotations yet.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480} type="native">
            <Table aria-label="Annotations" fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th>Shown on</Table.Th>
                  {!readOnly && <Table.Th w={ROW_ACTIONS_WIDTH} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(a.date)}</Table.Td>
                    <Table.Td>
                      {a.title}{' '}
                      {a.source === 'search-engine-update' && (
                        <Badge size="xs" variant="light" color="grape">
                          Search-engine update
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{a.note ?? ''}</Table.Td>
                    <Table.Td>{a.campaignId === null ? 'Every campaign' : 'This campaign'}</Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <RowActions
                          actions={[
                            {
                              label: 'Edit',
                              name: `Edit annotation ${a.title}`,
                              onClick: () => setEditing(a),
                            },
                            {
                              label: 'Delete',
                              name: `Delete annotation ${a.title}`,
                              danger: true,
                              onClick: () => {
                                remove.reset();
                                setDeleting(a);
                              },
                            },
                          ]}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!readOnly && (
          <>
            <AnnotationForm
              key={editing?.id ?? 'new'}
              campaignId={campaignId}
              editing={editing}
              onDone={() => setEditing(null)}
            />
            <CsvImport campaignId={campaignId} />
          </>
        )}
      </Stack>
      {deleting !== null && (
        <ConfirmModal
          opened
          title={`Delete annotation “${deleting.title}”?`}
          confirmLabel="Delete annotation"
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          It disappears from every chart{deleting.campaignId === null ? ' of every campaign' : ''}.
        </ConfirmModal>
      )}
    </Paper>
  );
}

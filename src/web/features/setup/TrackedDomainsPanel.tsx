// A campaign's tracked domains, editable: add your own domain or a competitor (a domain, a host or a host
// with a path, checked as the server checks it before anything is sent), change a domain's value, label,
// colour or role, and stop tracking one after a confirmation (the DELETE_DOMAIN dialog). Server errors — a
// duplicate (409), the domain limit (402) — stand beside the field they are about.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ColorInput,
  ColorSwatch,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { CampaignDetail } from '@contracts/workspace';
import { parseTrackedValue } from '@core/tracked-value';
import { useAddDomain, useDeleteDomain, useUpdateDomain } from '../../api/use-campaign-setup';
import { DataTable } from '../../components/DataTable';
import { EmptyView } from '../../components/StateViews';
import { useModalStore } from '../../modals/modal-store';
import { RowActions, ROW_ACTIONS_WIDTH } from './RowActions';
import { fieldError } from './setup-errors';

type Domain = CampaignDetail['domains'][number];

/** The reason a typed tracked value is refused before it is sent, or null when it reads well. */
export function trackedValueProblem(value: string): string | null {
  const parsed = parseTrackedValue(value);
  return parsed.ok ? null : `Not a trackable value: ${parsed.reason}.`;
}

function AddDomainForm({ campaign }: { campaign: CampaignDetail }) {
  const add = useAddDomain(campaign.id);
  const hasOwn = campaign.domains.some((d) => d.isOwn);
  const [value, setValue] = useState('');
  const [label, setLabel] = useState('');
  const [own, setOwn] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const isOwn = own ?? !hasOwn;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = trackedValueProblem(value);
    setProblem(local);
    if (local !== null) return;
    add.mutate(
      { value: value.trim(), ...(label.trim() !== '' ? { label: label.trim() } : {}), own: isOwn },
      {
        onSuccess: () => {
          setValue('');
          setLabel('');
          setOwn(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add a tracked domain" noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={isOwn ? 'Your domain' : 'Competitor'}
          description="A domain, a host or a host with a path"
          placeholder="example.com or example.com/blog"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setProblem(null);
            add.reset();
          }}
          error={problem ?? fieldError(add.error)}
          w={{ base: '100%', sm: 320 }}
        />
        <TextInput
          label="Label"
          description="Optional; shown in charts"
          placeholder="e.g. Our shop"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          w={{ base: '100%', sm: 200 }}
        />
        <Checkbox
          label="Our own domain"
          checked={isOwn}
          onChange={(e) => setOwn(e.currentTarget.checked)}
          mt={{ base: 0, sm: 50 }}
        />
        <Button type="submit" loading={add.isPending} mt={{ base: 0, sm: 44 }}>
          {isOwn ? 'Add your domain' : 'Add competitor'}
        </Button>
      </Group>
    </form>
  );
}

function EditDomainModal({
  campaignId,
  domain,
  onClose,
}: {
  campaignId: number;
  domain: Domain;
  onClose: () => void;
}) {
  const update = useUpdateDomain(campaignId);
  const [value, setValue] = useState(domain.value);
  const [label, setLabel] = useState(domain.label);
  const [own, setOwn] = useState(domain.isOwn);
  const [color, setColor] = useState(domain.color);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = trackedValueProblem(value);
    setProblem(local);
    if (local !== null) return;
    update.mutate(
      {
        id: domain.id,
        ...(value.trim() !== domain.value ? { value: value.trim() } : {}),
        ...(label.trim() !== domain.label && label.trim() !== '' ? { label: label.trim() } : {}),
        ...(own !== domain.isOwn ? { own } : {}),
        ...(color.toLowerCase() !== domain.color.toLowerCase() ? { color } : {}),
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${domain.label}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Tracked value"
            description="A domain, a host or a host with a path"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={problem}
            data-autofocus
          />
          <TextInput label="Label" value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
          <ColorInput label="Colour" format="hex" value={color} onChange={setColor} withEyeDropper={false} />
          <Switch label="Our own domain" checked={own} onChange={(e) => setOwn(e.currentTarget.checked)} />
          {update.isError && (
            <Alert color="red" variant="light" title="The domain was not saved">
              {fieldError(update.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function domainColumns(onEdit: (d: Domain) => void, onDelete: (d: Domain) => void): ColumnDef<Domain>[] {
  return [
    {
      id: 'color',
      header: 'Colour',
      enableSorting: false,
      cell: ({ row }) => (
        <ColorSwatch
          color={row.original.color}
          size={14}
          radius={3}
          withShadow={false}
          aria-label={`colour ${row.original.color}`}
        />
      ),
      meta: { width: 64 },
    },
    {
      id: 'label',
      header: 'Domain',
      accessorFn: (d) => d.label,
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.label}
          </Text>
          {row.original.label !== row.original.value && (
            <Text size="xs" c="dimmed" ff="monospace">
              {row.original.value}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      accessorFn: (d) => (d.isOwn ? 'Own' : 'Competitor'),
      cell: ({ row }) => (
        <Badge size="sm" variant="light" color={row.original.isOwn ? 'teal' : 'gray'}>
          {row.original.isOwn ? 'Own' : 'Competitor'}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit ${row.original.label}`, onClick: () => onEdit(row.original) },
            {
              label: 'Remove',
              name: `Stop tracking ${row.original.label}`,
              onClick: () => onDelete(row.original),
              danger: true,
            },
          ]}
        />
      ),
      meta: { width: ROW_ACTIONS_WIDTH },
    },
  ];
}

export function TrackedDomainsPanel({
  campaign,
  readOnly = false,
}: {
  campaign: CampaignDetail;
  /** For readers without ROLE_CV: the table only. */
  readOnly?: boolean;
}) {
  const remove = useDeleteDomain(campaign.id);
  const openModal = useModalStore((s) => s.open);
  const [editing, setEditing] = useState<Domain | null>(null);
  const columns = domainColumns(setEditing, (d) =>
    openModal('DELETE_DOMAIN', {
      domain: { value: d.value, label: d.label, color: d.color },
      onConfirm: () => remove.mutateAsync(d.id),
    }),
  ).filter((c) => !readOnly || c.id !== 'actions');
  const hasOwn = campaign.domains.some((d) => d.isOwn);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        {!readOnly && <AddDomainForm campaign={campaign} />}
        {!readOnly && campaign.domains.length > 0 && !hasOwn && (
          <Alert color="yellow" variant="light">
            None of the tracked domains is marked as your own: add yours, or edit one and switch on “Our own
            domain”.
          </Alert>
        )}
        <DataTable
          title="Tracked domains"
          data={campaign.domains}
          columns={columns}
          glossary="campaignDomains"
          getRowId={(d) => String(d.id)}
          empty={
            <EmptyView title="No tracked domains yet">
              {readOnly
                ? 'This campaign follows no domain yet; someone with the ROLE_CV role can add them.'
                : 'Add your own domain above, then its competitors — typed, or taken from the suggestions — to compare their visibility on this campaign’s keywords.'}
            </EmptyView>
          }
        />
      </Stack>
      {editing !== null && (
        <EditDomainModal campaignId={campaign.id} domain={editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}

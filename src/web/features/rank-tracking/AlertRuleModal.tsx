// Create or edit an alert rule (issue 29 item 7): its name, what it watches (kind), the threshold in the
// kind's unit, an optional keyword tag and, for a competitor rule, which competitor. The form checks the
// rule with the core's own checks before sending; the server's 400 (e.g. a competitor no longer tracked)
// is shown above the buttons.
import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { AlertRuleDto } from '@contracts/alerts';
import {
  ALERT_RULE_KINDS,
  ALERT_RULE_LABELS,
  MAX_ALERT_NAME,
  alertRuleProblems,
  type AlertRuleKind,
} from '@core/alerts';
import { describeError } from '../../api/client';
import { useSaveAlertRule } from '../../api/use-alerts';

interface Draft {
  name: string;
  kind: AlertRuleKind;
  threshold: number | string;
  tag: string | null;
  competitor: string | null;
}

const THRESHOLD_LABEL: Record<AlertRuleKind, string> = {
  drop: 'Positions dropped (at least)',
  'enter-top': 'Top N',
  'leave-top': 'Top N',
  'competitor-top': 'Top N',
  'visibility-drop': 'Visibility drop (%, at least)',
};

function draftOf(rule: AlertRuleDto | null): Draft {
  return {
    name: rule?.name ?? '',
    kind: rule?.kind ?? 'drop',
    threshold: rule?.threshold ?? 5,
    tag: rule?.tag ?? null,
    competitor: rule?.competitor ?? null,
  };
}

function RuleForm({
  campaign,
  rule,
  tags,
  competitors,
  onDone,
}: {
  campaign: number;
  rule: AlertRuleDto | null;
  tags: readonly string[];
  competitors: readonly { key: string; label: string }[];
  onDone: () => void;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(rule));
  const [tried, setTried] = useState(false);
  const save = useSaveAlertRule(campaign);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }));
  const threshold = typeof d.threshold === 'number' ? d.threshold : Number.NaN;
  const spec = {
    kind: d.kind,
    threshold,
    tag: d.kind === 'visibility-drop' ? null : d.tag,
    competitor: d.kind === 'competitor-top' ? d.competitor : null,
  };
  const problems = new Map(alertRuleProblems(spec).map((p) => [p.field, p.message]));
  if (d.name.trim() === '') problems.set('name', 'name the rule, e.g. "Brand drops"');
  else if (d.name.trim().length > MAX_ALERT_NAME)
    problems.set('name', `a name has at most ${MAX_ALERT_NAME} characters`);
  const shown = (field: string) => (tried ? problems.get(field) : undefined);

  const submit = () => {
    setTried(true);
    if (problems.size > 0) return;
    save.mutate({ id: rule?.id ?? null, body: { ...spec, name: d.name } }, { onSuccess: onDone });
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        value={d.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={shown('name')}
        data-autofocus
      />
      <Select
        label="Alert when"
        data={ALERT_RULE_KINDS.map((k) => ({ value: k, label: ALERT_RULE_LABELS[k] }))}
        value={d.kind}
        onChange={(v) => v !== null && set('kind', v as AlertRuleKind)}
        allowDeselect={false}
      />
      <NumberInput
        label={THRESHOLD_LABEL[d.kind]}
        value={d.threshold}
        onChange={(v) => set('threshold', v)}
        min={1}
        max={100}
        // Out-of-range values stay as typed, so the message below says what is wrong.
        clampBehavior="none"
        allowDecimal={false}
        error={shown('threshold')}
      />
      {d.kind !== 'visibility-drop' && (
        <Select
          label="Keyword tag"
          description="Only keywords with this tag; empty: every keyword"
          data={[...tags]}
          value={d.tag}
          onChange={(v) => set('tag', v)}
          clearable
          searchable
          error={shown('tag')}
        />
      )}
      {d.kind === 'competitor-top' && (
        <Select
          label="Competitor"
          description="Empty: any tracked competitor"
          data={competitors.map((c) => ({ value: c.key, label: `${c.label} (${c.key})` }))}
          value={d.competitor}
          onChange={(v) => set('competitor', v)}
          clearable
          error={shown('competitor')}
        />
      )}
      {save.isError && (
        <Alert color="red" title="The rule was not saved">
          {describeError(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {rule === null ? 'Add rule' : 'Save rule'}
        </Button>
      </Group>
    </Stack>
  );
}

export function AlertRuleModal({
  opened,
  campaign,
  rule,
  tags,
  competitors,
  onClose,
}: {
  opened: boolean;
  campaign: number;
  rule: AlertRuleDto | null;
  tags: readonly string[];
  competitors: readonly { key: string; label: string }[];
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={rule === null ? 'New alert rule' : 'Edit alert rule'}>
      {opened && (
        <RuleForm
          key={rule?.id ?? 'new'}
          campaign={campaign}
          rule={rule}
          tags={tags}
          competitors={competitors}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

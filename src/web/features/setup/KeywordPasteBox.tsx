// The paste box: keywords one a line, optionally TAB volume, TAB tags (comma-separated), TAB keyword group —
// as copied from a spreadsheet — with a live preview of what will be added and every bad line with its
// number and reason. A paste of 100,000 lines is read in chunks (a progress bar, the page stays responsive)
// and sent in batches, with a second progress bar; a group chosen here applies to the lines without one.
import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Code,
  Group,
  List,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import type { CampaignDetail } from '@contracts/workspace';
import { parseKeywordPasteInChunks } from '@core/keyword-paste';
import type { PasteResult } from '@core/keyword-paste';
import { useAddKeywords, useSetupLimits } from '../../api/use-campaign-setup';
import type { AddKeywordsProgress } from '../../api/use-campaign-setup';
import { useFormat } from '../../app/route-context';
import { fieldError } from './setup-errors';

/** Milliseconds of quiet typing before the paste is read again. */
const PARSE_DELAY_MS = 250;
/** Pastes with more lines than this show a reading progress bar. */
const SHOW_PROGRESS_ABOVE = 10_000;
const PREVIEW_ROWS = 8;
const ERRORS_SHOWN = 20;

type Reading = { done: number; total: number };

/** The paste read in chunks after a pause in typing; `fresh` is false while the text shown is not read yet. */
function usePasteParse(text: string) {
  const [parsed, setParsed] = useState<{ text: string; result: PasteResult } | null>(null);
  const [reading, setReading] = useState<Reading | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setReading(null);
      if (text.trim() === '') return;
      void parseKeywordPasteInChunks(text, {
        signal: controller.signal,
        onProgress: (done, total) => {
          if (total > SHOW_PROGRESS_ABOVE && !controller.signal.aborted) setReading({ done, total });
        },
      }).then((result) => {
        if (result === null) return;
        setParsed({ text, result });
        setReading(null);
      });
    }, PARSE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  const empty = text.trim() === '';
  return { result: empty ? null : (parsed?.result ?? null), fresh: empty || parsed?.text === text, reading };
}

function Preview({ result, group }: { result: PasteResult; group: string }) {
  const format = useFormat();
  const withVolume = result.keywords.filter((k) => k.searchVolume !== undefined).length;
  const tags = new Set(result.keywords.flatMap((k) => k.tags ?? []));
  const groups = new Set(result.keywords.map((k) => k.group ?? group).filter((g) => g !== ''));
  return (
    <Stack gap="xs" data-testid="paste-preview">
      <Group gap={6}>
        <Badge variant="light" tt="none">
          {format.integer(result.keywords.length)} keywords
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {format.integer(withVolume)} with volume
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {format.integer(tags.size)} tags
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {format.integer(groups.size)} keyword groups
        </Badge>
        {result.duplicates > 0 && (
          <Badge variant="light" color="yellow" tt="none">
            {format.integer(result.duplicates)} repeated, merged
          </Badge>
        )}
        {result.header && (
          <Badge variant="light" color="gray" tt="none">
            header line skipped
          </Badge>
        )}
        {result.errors.length > 0 && (
          <Badge variant="light" color="red" tt="none">
            {format.integer(result.errors.length)} lines with errors
          </Badge>
        )}
      </Group>
      {result.keywords.length > 0 && (
        <Table aria-label="Keywords to add (preview)" fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Keyword</Table.Th>
              <Table.Th ta="right">Volume</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Group</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.keywords.slice(0, PREVIEW_ROWS).map((k) => (
              <Table.Tr key={k.keyword}>
                <Table.Td>{k.keyword}</Table.Td>
                <Table.Td ta="right">
                  {k.searchVolume === undefined ? '—' : format.integer(k.searchVolume)}
                </Table.Td>
                <Table.Td>{(k.tags ?? []).join(', ')}</Table.Td>
                <Table.Td>{k.group ?? group}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {result.keywords.length > PREVIEW_ROWS && (
            <Table.Caption>
              and {format.integer(result.keywords.length - PREVIEW_ROWS)} more keywords
            </Table.Caption>
          )}
        </Table>
      )}
      {result.errors.length > 0 && (
        <Alert color="red" variant="light" title="These lines will be skipped" role="alert">
          <ScrollArea.Autosize mah={220}>
            <List size="sm" spacing={2}>
              {result.errors.slice(0, ERRORS_SHOWN).map((e) => (
                <List.Item key={e.line}>
                  Line {e.line}: {e.reason} — <Code>{e.text.slice(0, 80)}</Code>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {result.errors.length > ERRORS_SHOWN && (
            <Text size="sm" mt={4}>
              and {format.integer(result.errors.length - ERRORS_SHOWN)} more lines. Fix them above to include
              them.
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

export function KeywordPasteBox({ campaign }: { campaign: CampaignDetail }) {
  const format = useFormat();
  const add = useAddKeywords(campaign.id);
  const limits = useSetupLimits();
  const [text, setText] = useState('');
  const [group, setGroup] = useState('');
  const [sending, setSending] = useState<AddKeywordsProgress | null>(null);
  const { result, fresh, reading } = usePasteParse(text);
  const count = result?.keywords.length ?? 0;
  const limit = limits.data?.keywordsPerCampaign ?? null;
  const overLimit = limit !== null && campaign.keywords + count > limit;

  const submit = () => {
    if (result === null || count === 0 || !fresh) return;
    const chosen = group.trim();
    const keywords = result.keywords.map((k) =>
      k.group === undefined && chosen !== '' ? { ...k, group: chosen } : k,
    );
    setSending({ sent: 0, total: keywords.length });
    add.mutate(
      { keywords, onProgress: setSending },
      {
        onSuccess: () => setText(''),
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Textarea
        label="Keywords"
        description="One a line. After a tab, optionally: monthly search volume, then tags (comma-separated), then a keyword group — as copied from a spreadsheet."
        placeholder={'running shoes\t74000\tshoes, running\nrunning shoes for women\t12100\tshoes'}
        rows={10}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          add.reset();
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        error={add.isError ? fieldError(add.error) : null}
        disabled={add.isPending}
        spellCheck={false}
      />
      <Autocomplete
        label="Keyword group"
        description="For the lines that name none (optional)"
        placeholder="e.g. Running"
        data={campaign.groups.map((g) => g.group)}
        value={group}
        onChange={setGroup}
        w={{ base: '100%', sm: 320 }}
        disabled={add.isPending}
      />
      {reading !== null && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Reading {format.integer(reading.done)} of {format.integer(reading.total)} lines…
          </Text>
          <Progress value={(reading.done / reading.total) * 100} size="sm" aria-label="Reading the paste" />
        </Stack>
      )}
      {result !== null && <Preview result={result} group={group.trim()} />}
      {overLimit && (
        <Alert color="yellow" variant="light">
          This campaign holds {format.integer(campaign.keywords)} keywords; adding {format.integer(count)}{' '}
          more could pass the limit of {format.integer(limit)} keywords per campaign. Keywords already in it
          do not count twice.
        </Alert>
      )}
      {sending !== null && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Sent {format.integer(sending.sent)} of {format.integer(sending.total)} keywords…
          </Text>
          <Progress
            value={(sending.sent / Math.max(1, sending.total)) * 100}
            size="sm"
            animated
            aria-label="Sending keywords"
          />
        </Stack>
      )}
      {add.isSuccess && (
        <Alert color="teal" variant="light" title="Keywords added">
          {format.integer(add.data.added)} new keywords
          {add.data.merged > 0 && `, ${format.integer(add.data.merged)} already in the campaign updated`}. It
          now holds {format.integer(add.data.total)}.
        </Alert>
      )}
      <Group>
        <Button onClick={submit} disabled={count === 0 || !fresh} loading={add.isPending}>
          {count === 0 ? 'Add keywords' : `Add ${format.integer(count)} keywords`}
        </Button>
        {result !== null && result.errors.length > 0 && count > 0 && (
          <Text size="sm" c="dimmed">
            {format.integer(result.errors.length)} lines with errors are left out.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

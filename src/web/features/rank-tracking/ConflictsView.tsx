// Cannibalisation (issue 29 item 3): per tracked domain, the keywords where two or more of its URLs ranked
// in one snapshot or its ranking URL flipped between snapshots, with the URLs and dates; a keyword opens its
// drawer, a URL opens Page Analysis on it (same dates, position kind and domain).
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { RtRowDto } from '@contracts/rank-tracking';
import { paScreenPath } from '../../api/use-page-analysis';
import { useRtConflicts, type RtSelection } from '../../api/use-rank-tracking';
import { useHref } from '../../app/route-context';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';

export function ConflictsView({
  campaign,
  selection,
  onOpen,
}: {
  campaign: number;
  selection: RtSelection;
  onOpen: (row: RtRowDto) => void;
}) {
  const result = useRtConflicts(campaign, selection, true);
  const href = useHref();
  if (result.isPending) return <TableSkeleton />;
  if (result.isError)
    return (
      <ErrorView
        title="Conflicts could not be loaded"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  const { targets, domains } = result.data;
  if (domains.every((d) => d.keywords.length === 0))
    return (
      <EmptyView title="No cannibalisation">
        Every domain ranked one URL per keyword between these dates.
      </EmptyView>
    );
  return (
    <Stack gap="lg">
      {domains
        .filter((d) => d.keywords.length > 0)
        .map((d) => {
          const focus = targets[d.target]?.key ?? null;
          return (
            <Stack key={d.target} gap="xs">
              <Title order={3} fz={15}>
                {targets[d.target]?.label} · {d.keywords.length} keywords
              </Title>
              {/* 300 px: both columns wrap (URLs anywhere), so a phone shows them whole, not scrolled sideways. */}
              <Table.ScrollContainer minWidth={300} mah={360}>
                <Table fz="xs" striped aria-label={`Conflicts of ${targets[d.target]?.label ?? ''}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Keyword</Table.Th>
                      <Table.Th>Conflicts</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.keywords.slice(0, 200).map((k) => (
                      <Table.Tr key={k.keywordId}>
                        <Table.Td>
                          <UnstyledButton
                            style={{ textDecoration: 'underline' }}
                            onClick={() =>
                              onOpen({
                                keywordId: k.keywordId,
                                keyword: k.keyword,
                                volume: k.volume,
                                tags: [],
                                groups: [],
                                features: [],
                                cells: [],
                              })
                            }
                          >
                            {k.keyword}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          {k.conflicts.slice(-3).map((c) => (
                            <Text key={`${c.kind}${c.date}`} size="xs">
                              <Badge
                                size="xs"
                                variant="light"
                                color={c.kind === 'flip' ? 'grape' : 'orange'}
                                mr={4}
                              >
                                {c.kind === 'flip' ? 'URL flip' : `${c.urls.length} URLs`}
                              </Badge>
                              {c.date}:{' '}
                              {c.urls.map((u, i) => (
                                <Fragment key={u}>
                                  {i > 0 && (c.kind === 'flip' ? ' → ' : ', ')}
                                  <Anchor
                                    component={Link}
                                    to={href(paScreenPath(campaign, { ...selection, focus }, u))}
                                    size="xs"
                                    title="Open this URL in Page Analysis"
                                  >
                                    {u.replace(/^https?:\/\//u, '')}
                                  </Anchor>
                                </Fragment>
                              ))}
                            </Text>
                          ))}
                          {k.conflicts.length > 3 && (
                            <Text size="xs" c="dimmed">
                              and {k.conflicts.length - 3} earlier
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {d.keywords.length > 200 && (
                <Text size="xs" c="dimmed">
                  The first 200 by search volume; the CSV export with “Cannibalised only” lists every one.
                </Text>
              )}
            </Stack>
          );
        })}
    </Stack>
  );
}

// A read-only share link's page (`/{hostA},{hostB}/{time}/{market}/1-2-1/{token}`, no session): the one
// comparison the link opens, with the period the viewer picks and the two exports, and a line saying who
// shared it and until when. No sidebar, navigation or session controls. A link that is revoked, expired,
// changed or used for another comparison shows the server's reason instead.
import { useNavigate } from 'react-router';
import { Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { oneToOnePath } from '@contracts/one-to-one';
import { TIME_SPANS } from '@core/date-range';
import { Logo } from '../../app/Logo';
import { useFormat, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { TIME_LABELS, timeSpanOf } from '../../components/HostMarketTimeForm';
import { EmptyView } from '../../components/StateViews';
import { localisePath } from '../../routes/match-route';
import { Comparison } from './Comparison';

export function SharedOneToOnePage() {
  const { params, locale, match } = useRoute();
  const navigate = useNavigate();
  const f = useFormat();
  useBreadcrumb([{ label: 'Shared comparison' }]);
  const token = match?.params.token ?? null;
  const [a, b] = params.hosts;
  const market = params.market;
  const time = timeSpanOf(params.time);
  const ok = a && b && market && token;
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="center">
            <Logo />
            <Title order={1} fz={20} fw={600}>
              {ok ? `${a} vs ${b} · ${market}` : 'Shared comparison'}
            </Title>
          </Group>
          {ok && (
            <Select
              label="Compare with"
              data={TIME_SPANS.map((t) => ({ value: t, label: `${TIME_LABELS[t]} earlier` }))}
              value={time}
              onChange={(v) =>
                void navigate(localisePath(oneToOnePath([a, b], timeSpanOf(v), market, token), locale))
              }
              allowDeselect={false}
              w={170}
            />
          )}
        </Group>
        {ok ? (
          <Comparison
            key={time}
            selection={{ hosts: [a, b], market, time }}
            share={token}
            errorTitle="This share link does not open"
            errorAdvice="A shared comparison opens only with its link, and only until it expires or is revoked."
            header={(data) =>
              data.shared && (
                <Text size="sm" c="dimmed" data-testid="shared-line">
                  Shared read-only by {data.shared.organisation} · expires {f.dateTime(data.shared.expiresAt)}
                </Text>
              )
            }
          />
        ) : (
          <EmptyView title="This address is not a comparison">
            Ask the person who shared it for the link again.
          </EmptyView>
        )}
      </Stack>
    </Container>
  );
}

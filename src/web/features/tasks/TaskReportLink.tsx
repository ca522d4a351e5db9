// A task's link to a report definition (issue 31 item 6): the form's Report select and the drawer's link that
// opens the report in Report Creation (/folder?report={id}). Both are shown only to users who may see reports
// (ROLE_REPORTS, as the sidebar's Reporting), so the report list is fetched only for them.
import { Link } from 'react-router';
import { Anchor, Select, Text } from '@mantine/core';
import { hasRole } from '@core/roles';
import { useReports } from '../../api/use-reports';
import { useHref, useRoute } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';

export function useCanSeeReports(): boolean {
  return hasRole(useSession().user.roles, 'ROLE_REPORTS');
}

/** The organisation's report definitions; value is the report id as text, null for none. */
export function TaskReportSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const reports = useReports();
  return (
    <Select
      label="Report"
      placeholder="None"
      clearable
      searchable
      data={(reports.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** "Report: name", the name opening the report in Report Creation. */
export function TaskReportLink({ reportId }: { reportId: number }) {
  const reports = useReports();
  const href = useHref();
  const { locale } = useRoute();
  const name = reports.data?.items.find((r) => r.id === reportId)?.name ?? `Report ${reportId}`;
  return (
    <Text size="sm">
      Report:{' '}
      <Anchor
        component={Link}
        to={`${href(buildPath(routeByName('folder'), {}, locale))}?report=${reportId}`}
      >
        {name}
      </Anchor>
    </Text>
  );
}

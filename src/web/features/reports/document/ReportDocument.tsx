// A report as it prints: a cover page in the organisation's brand template (logo, colours, name) with the
// title, scope and period, then each block in order — a widget drawn by the dashboard library's own component
// over the report's scope and period, a text block, or a page break. The editor's preview and the generated
// report's print page (live or from its snapshot) draw this same component.
import type { CSSProperties } from 'react';
import { Box, Divider, Stack, Text, Title } from '@mantine/core';
import type { ReportSpec } from '@contracts/generated-reports';
import { WIDGET_LIBRARY } from '../../dashboard/widgets/widget-registry';
import { blockWidget } from './report-widgets';

const pageBreak: CSSProperties = { breakAfter: 'page', pageBreakAfter: 'always', height: 0 };

function CoverPage({ spec }: { spec: ReportSpec }) {
  const { brand } = spec;
  return (
    <Box
      data-report-cover
      style={{
        minHeight: 'min(100vh, 1000px)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        borderTop: `12px solid ${brand.primaryColor}`,
        padding: '48px 40px',
        ...pageBreak,
        height: 'auto',
      }}
    >
      <Stack gap="md">
        {brand.logo !== null && (
          <img
            src={brand.logo}
            alt={`${brand.name} logo`}
            style={{ maxHeight: 72, maxWidth: 280, objectFit: 'contain' }}
          />
        )}
        <Text fw={600} c={brand.primaryColor} tt="uppercase" size="sm">
          {brand.name}
        </Text>
      </Stack>
      <Stack gap="xs">
        <Title order={1} fz={40} style={{ color: brand.primaryColor }}>
          {spec.title}
        </Title>
        <Divider color={brand.accentColor} size={4} w={120} />
        <Text size="lg">
          {spec.campaign.name} · {spec.campaign.market}
        </Text>
        <Text size="lg" c="dimmed">
          {spec.period.label}
        </Text>
      </Stack>
      <Text size="xs" c="dimmed">
        Generated on {spec.generatedOn} with Sightline
      </Text>
    </Box>
  );
}

export function ReportDocument({ spec, withCover = true }: { spec: ReportSpec; withCover?: boolean }) {
  const scope = {
    campaignId: spec.campaign.id,
    projectId: spec.campaign.projectId,
    market: spec.campaign.market,
  };
  return (
    <Stack gap="md" data-report-document>
      {withCover && <CoverPage spec={spec} />}
      {spec.blocks.map((block) => {
        if (block.kind === 'page-break')
          return <div key={block.id} data-report-block="page-break" style={pageBreak} />;
        if (block.kind === 'text') {
          return (
            <Box key={block.id} data-report-block="text" style={{ breakInside: 'avoid' }}>
              {block.heading !== '' && (
                <Title order={2} fz={20} mb={6} style={{ color: spec.brand.primaryColor }}>
                  {block.heading}
                </Title>
              )}
              {block.text.split(/\n{2,}/).map((p, i) => (
                <Text key={i} size="sm" mb="xs" style={{ whiteSpace: 'pre-line' }}>
                  {p}
                </Text>
              ))}
            </Box>
          );
        }
        const widget = blockWidget(block, scope, spec.period);
        return (
          <Box
            key={block.id}
            data-report-block="widget"
            data-report-widget={block.type}
            style={{ breakInside: 'avoid' }}
          >
            {block.title !== null && (
              <Title order={2} fz={18} mb={6} style={{ color: spec.brand.primaryColor }}>
                {block.title}
              </Title>
            )}
            {WIDGET_LIBRARY[block.type].render(widget, spec.period.to)}
          </Box>
        );
      })}
    </Stack>
  );
}

// The download buttons of a table: the same rows as CSV and as XLSX, side by side ("Export CSV", "Export
// XLSX", or with a subject: "Export keywords CSV"). Plain links with `download`: the browser saves the file.
import { Button, Group } from '@mantine/core';
import { EXPORT_FORMATS, type ExportFormat } from '@contracts/common';

export function ExportButtons({
  href,
  subject,
}: {
  /** The download address of each format. */
  href: (format: ExportFormat) => string;
  /** What is exported, in the label ("keywords": "Export keywords CSV"); none: "Export CSV". */
  subject?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} component="a" href={href(format)} download size="xs" variant="default">
          Export {subject === undefined ? '' : `${subject} `}
          {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

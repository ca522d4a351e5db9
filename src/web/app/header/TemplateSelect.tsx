// The template selector (spec §1, §3): the brand templates available, one selected.
import { Select } from '@mantine/core';
import { useTemplateStore } from '../../state/template-store';

/** `width`: px in the header, '100%' in the narrow-screen sidebar. */
export function TemplateSelect({ width = 150 }: { width?: number | string }) {
  const { templates, template, setTemplate } = useTemplateStore();
  return (
    <Select
      size="xs"
      w={width}
      aria-label="Template"
      leftSection={
        <span aria-hidden="true" style={{ fontSize: 11, color: 'var(--mantine-color-gray-6)' }}>
          Template
        </span>
      }
      leftSectionWidth={64}
      data={templates.map((t) => ({ value: t.id, label: t.label }))}
      value={template}
      onChange={(v) => v !== null && setTemplate(v)}
      allowDeselect={false}
      comboboxProps={{ position: 'bottom-end' }}
    />
  );
}

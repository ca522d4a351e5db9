// The "Widgets" popover of the campaign-visibility screen: every available widget with a checkbox to show or
// hide it and buttons to move it up or down. Changes are saved per user straight away.
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import type { WidgetsConfig } from '@contracts/widgets';
import { CV_WIDGETS, moveWidget } from './widget-catalog';

const TITLES = new Map<string, string>(CV_WIDGETS.map((w) => [w.id, w.title]));

export function WidgetSettings({
  config,
  onChange,
}: {
  config: WidgetsConfig;
  onChange: (config: WidgetsConfig) => void;
}) {
  const last = config.widgets.length - 1;
  return (
    <Popover position="bottom-end" shadow="md" width={340} trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default">
          Widgets
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} role="list" aria-label="Available widgets">
          <Text size="xs" c="dimmed" mb={4}>
            Shown widgets and their order are saved for you.
          </Text>
          {config.widgets.map((w, i) => {
            const title = TITLES.get(w.id) ?? w.id;
            return (
              <Group key={w.id} justify="space-between" wrap="nowrap" role="listitem">
                <Checkbox
                  size="xs"
                  label={title}
                  checked={w.visible}
                  onChange={(e) =>
                    onChange({
                      ...config,
                      widgets: config.widgets.map((x) =>
                        x.id === w.id ? { ...x, visible: e.currentTarget.checked } : x,
                      ),
                    })
                  }
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    disabled={i === 0}
                    aria-label={`Move ${title} up`}
                    onClick={() => onChange(moveWidget(config, w.id, -1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    disabled={i === last}
                    aria-label={`Move ${title} down`}
                    onClick={() => onChange(moveWidget(config, w.id, 1))}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

// The organisation's brand template for report cover pages (spec: the template setting), on Report
// Creation: its name, primary and accent colours and logo. An administrator edits and saves it — the logo a
// PNG, JPEG or SVG file of at most LOGO_MAX_BYTES, checked here before it is read and previewed — everyone
// else sees it read-only. The server checks the same rules again (contracts/reports.ts).
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  ColorSwatch,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { reportBrand } from '@contracts/reports';
import type { ReportBrand } from '@contracts/reports';
import { hasRole } from '@core/roles';
import { describeError } from '../../api/client';
import { useSaveReportBrand } from '../../api/use-report-brand';
import { useReportBrand } from '../../api/use-reports';
import { useSession } from '../../app/session-context';
import { ErrorView, TableSkeleton } from '../../components/StateViews';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];
/**
 * Largest logo file, in bytes: a round figure under the largest whose base64 data URL (4 characters per 3
 * bytes, plus its prefix) stays within the server's MAX_LOGO_CHARS (about 224,980 bytes).
 */
export const LOGO_MAX_BYTES = 220_000;

const kb = (bytes: number) => `${Math.ceil(bytes / 1000).toLocaleString('en')} kB`;

/** Why a logo file cannot be used, or null when it can. */
export function logoProblem(file: { type: string; size: number; name: string }): string | null {
  if (!LOGO_TYPES.includes(file.type))
    return `${file.name} is not a PNG, JPEG or SVG image: choose one of those`;
  if (file.size > LOGO_MAX_BYTES)
    return `${file.name} is ${kb(file.size)}; a logo may be at most ${kb(LOGO_MAX_BYTES)}: use a smaller image`;
  return null;
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

function Logo({ brand }: { brand: ReportBrand }) {
  return brand.logo === null ? (
    <Text size="xs" c="dimmed">
      No logo
    </Text>
  ) : (
    <Image src={brand.logo} alt={`${brand.name} logo`} h={48} w="auto" maw={220} fit="contain" />
  );
}

function ReadOnlyBrand({ brand }: { brand: ReportBrand }) {
  return (
    <Stack gap="xs" data-testid="brand-read-only">
      <Group gap="sm" wrap="nowrap">
        <Logo brand={brand} />
        <Text fw={600} style={{ color: brand.primaryColor }}>
          {brand.name}
        </Text>
      </Group>
      <Group gap="md">
        <Group gap={6}>
          <ColorSwatch color={brand.primaryColor} size={18} />
          <Text size="xs">Primary {brand.primaryColor}</Text>
        </Group>
        <Group gap={6}>
          <ColorSwatch color={brand.accentColor} size={18} />
          <Text size="xs">Accent {brand.accentColor}</Text>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        Only an administrator can change the brand template.
      </Text>
    </Stack>
  );
}

type FieldErrors = Partial<Record<keyof ReportBrand, string>>;

function BrandForm({ saved }: { saved: ReportBrand }) {
  const [draft, setDraft] = useState<ReportBrand>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const save = useSaveReportBrand();
  const set = (patch: Partial<ReportBrand>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDone(false);
  };

  const pickLogo = async (file: File | null) => {
    if (file === null) return;
    const problem = logoProblem(file);
    if (problem !== null) {
      setErrors((e) => ({ ...e, logo: problem }));
      return;
    }
    try {
      const logo = await readDataUrl(file);
      setErrors((e) => ({ ...e, logo: undefined }));
      set({ logo });
    } catch (err) {
      setErrors((e) => ({ ...e, logo: err instanceof Error ? err.message : String(err) }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportBrand.safeParse(draft);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof ReportBrand;
        found[key] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => setDone(true) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Brand name"
          description="Printed on every report's cover page"
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          required
        />
        <Group grow wrap="wrap" gap="sm">
          <ColorInput
            label="Primary colour"
            format="hex"
            value={draft.primaryColor}
            onChange={(v) => set({ primaryColor: v })}
            error={errors.primaryColor}
            miw={140}
          />
          <ColorInput
            label="Accent colour"
            format="hex"
            value={draft.accentColor}
            onChange={(v) => set({ accentColor: v })}
            error={errors.accentColor}
            miw={140}
          />
        </Group>
        <Box>
          <Text size="sm" fw={500}>
            Logo
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            PNG, JPEG or SVG, at most {kb(LOGO_MAX_BYTES)}
          </Text>
          <Group gap="sm" align="center">
            <Paper withBorder p={6} miw={120} data-testid="logo-preview">
              <Logo brand={draft} />
            </Paper>
            <FileButton onChange={(f) => void pickLogo(f)} accept={LOGO_TYPES.join(',')}>
              {(props) => (
                <Button {...props} size="xs" variant="default">
                  Upload logo…
                </Button>
              )}
            </FileButton>
            {draft.logo !== null && (
              <Button size="xs" variant="subtle" color="red" onClick={() => set({ logo: null })}>
                Remove logo
              </Button>
            )}
          </Group>
          {errors.logo && (
            <Text size="xs" c="red" mt={4} role="alert">
              {errors.logo}
            </Text>
          )}
        </Box>
        {save.isError && (
          <Alert color="red" variant="light" title="The brand template was not saved" role="alert">
            {describeError(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save brand template
          </Button>
          {done && (
            <Text size="sm" c="teal" role="status">
              Saved: new reports use it.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export function BrandTemplate() {
  const { user } = useSession();
  const brand = useReportBrand();
  const admin = hasRole(user.roles, 'ROLE_ADMIN');
  let body;
  if (brand.isPending) body = <TableSkeleton rows={3} columns={2} />;
  else if (brand.isError)
    body = (
      <ErrorView
        title="The brand template could not be loaded"
        error={brand.error}
        onRetry={() => void brand.refetch()}
      />
    );
  else body = admin ? <BrandForm saved={brand.data} /> : <ReadOnlyBrand brand={brand.data} />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-template">
      <Text id="brand-template" component="h2" fw={600} size="sm" mb="sm">
        Brand template
      </Text>
      {body}
    </Paper>
  );
}

// The upload form of the import screen: the files, the format (detected by default), the market for files
// that do not state one, a campaign whose keyword list the import extends, the tracked site of a rank sheet,
// and a dry run that checks everything and writes nothing.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Autocomplete,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IMPORT_FORMAT_LABELS, IMPORT_FORMATS, importOptions } from '@contracts/imports';
import type { ImportFormat } from '@contracts/imports';
import { useCampaigns, useMarkets } from '../../api/use-workspace';
import { useRoute } from '../../app/route-context';
import { DropZone } from './DropZone';

export interface UploadChoice {
  files: File[];
  format?: ImportFormat;
  market?: string;
  campaign?: number;
  target?: string;
  dryRun: boolean;
}

const AUTO = 'auto';

export function UploadForm({ busy, onSubmit }: { busy: boolean; onSubmit: (c: UploadChoice) => void }) {
  const markets = useMarkets();
  const campaigns = useCampaigns(null);
  // `/imports?campaign=12` (the campaign set-up's "import a keyword list file") preselects the campaign.
  const preselected = useRoute().params.campaignId;
  const [files, setFiles] = useState<File[]>([]);
  const [format, setFormat] = useState<string>(AUTO);
  const [market, setMarket] = useState('');
  const [campaign, setCampaign] = useState<string | null>(preselected);
  const [target, setTarget] = useState('');
  const [dryRun, setDryRun] = useState(false);
  const [marketError, setMarketError] = useState<string | null>(null);

  const campaignOptions = (campaigns.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} — ${c.projectName} (${c.market})`,
  }));
  const chosenCampaign = campaigns.data?.items.find((c) => String(c.id) === campaign);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = importOptions.safeParse({
      ...(market.trim() !== '' ? { market: market.trim() } : {}),
    });
    if (!parsed.success) {
      setMarketError(parsed.error.issues[0]?.message ?? 'expected a market code such as gb-en');
      return;
    }
    setMarketError(null);
    onSubmit({
      files,
      ...(format !== AUTO ? { format: format as ImportFormat } : {}),
      ...(parsed.data.market !== undefined ? { market: parsed.data.market } : {}),
      ...(campaign !== null ? { campaign: Number(campaign) } : {}),
      ...(target.trim() !== '' ? { target: target.trim() } : {}),
      dryRun,
    });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Import files">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DropZone files={files} onChange={setFiles} disabled={busy} />
        <Stack gap="sm">
          <Select
            label="Format"
            data={[
              { value: AUTO, label: 'Detect from each file' },
              ...IMPORT_FORMATS.map((f) => ({ value: f, label: IMPORT_FORMAT_LABELS[f] })),
            ]}
            value={format}
            onChange={(v) => setFormat(v ?? AUTO)}
            allowDeselect={false}
            disabled={busy}
          />
          <Autocomplete
            label="Default market"
            description="For files that do not say theirs (keyword lists, rank sheets)"
            placeholder={chosenCampaign ? chosenCampaign.market : 'e.g. gb-en or us-en-mobile'}
            data={(markets.data?.items ?? []).map((m) => m.code)}
            value={market}
            onChange={setMarket}
            error={marketError}
            disabled={busy}
          />
          <Select
            label="Campaign"
            description="Imported keywords of the campaign's market join it"
            placeholder={campaigns.isPending ? 'Loading campaigns…' : 'None'}
            data={campaignOptions}
            value={campaign}
            onChange={setCampaign}
            clearable
            searchable
            disabled={busy}
          />
          <TextInput
            label="Tracked site"
            description="The site a rank sheet reports on; the property of Search Console rows"
            placeholder="e.g. www.example.com"
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
            disabled={busy}
          />
          <Switch
            label="Dry run: check everything, write nothing"
            checked={dryRun}
            onChange={(e) => setDryRun(e.currentTarget.checked)}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={files.length === 0 || busy} loading={busy}>
              {dryRun ? 'Check files' : 'Import'}
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

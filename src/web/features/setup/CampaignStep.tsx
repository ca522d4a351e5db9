// Wizard step 2: the campaign's market (one the workspace has, or a new code such as gb-en or
// us-en-mobile, checked as the server checks it) and its name. Leaving the step creates the campaign — the
// first point where the later steps need it — or, when the user came back, saves what changed; the server's
// refusals (a market change while it holds keywords, a bad name) stand beside their fields.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { CampaignDetail } from '@contracts/workspace';
import { useCreateCampaign, useUpdateCampaign } from '../../api/use-campaign-setup';
import { MarketField, marketCode, marketProblem } from './MarketField';
import { campaignFieldErrors } from './setup-errors';

export function CampaignStep({
  projectId,
  campaign,
  onBack,
  onDone,
}: {
  projectId: number;
  campaign: CampaignDetail | null;
  onBack: () => void;
  onDone: (campaignId: number) => void;
}) {
  const create = useCreateCampaign();
  const update = useUpdateCampaign(campaign?.id ?? 0);
  const [market, setMarket] = useState(campaign?.market ?? '');
  const [name, setName] = useState(campaign?.name ?? '');
  const [problems, setProblems] = useState<{ market?: string; name?: string }>({});
  const request = campaign === null ? create : update;
  const fromServer = campaignFieldErrors(request.error);
  const marketError = problems.market ?? fromServer.market;
  const nameError = problems.name ?? fromServer.name;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = marketCode(market);
    const local: { market?: string; name?: string } = {};
    const badMarket = marketProblem(market);
    if (badMarket !== null) local.market = badMarket;
    if (name.trim() === '') local.name = 'Give the campaign a name.';
    setProblems(local);
    if (local.market || local.name) return;
    if (campaign === null) {
      create.mutate({ projectId, name: name.trim(), market: code }, { onSuccess: (c) => onDone(c.id) });
      return;
    }
    const changes = {
      ...(name.trim() !== campaign.name ? { name: name.trim() } : {}),
      ...(code !== campaign.market ? { market: code } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone(campaign.id);
    update.mutate(changes, { onSuccess: () => onDone(campaign.id) });
  };

  return (
    <form onSubmit={submit} aria-label="Market and name" noValidate>
      <Stack gap="md" maw={520}>
        <MarketField
          value={market}
          onChange={(v) => {
            setMarket(v);
            setProblems((p) => ({ ...p, market: undefined }));
            request.reset();
          }}
          error={marketError}
          autoFocus
        />
        <TextInput
          label="Campaign name"
          placeholder="e.g. Running shoes UK"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setProblems((p) => ({ ...p, name: undefined }));
            request.reset();
          }}
          error={nameError}
          maxLength={120}
        />
        {fromServer.other !== null && (
          <Alert color="red" variant="light" title="The campaign was not saved">
            {fromServer.other}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={request.isPending}>
            {campaign === null ? 'Create campaign and continue' : 'Save and continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

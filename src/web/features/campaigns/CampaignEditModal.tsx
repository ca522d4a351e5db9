// Edit a campaign's name, project, market and CTR model in one dialog; only what changed is sent. The server
// refuses a market change while the campaign holds keywords (its keywords belong to the old market), said
// beside the market field. The CTR model list is the organisation's (default, studies, typed-in, fitted).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { CampaignDetail } from '@contracts/workspace';
import { useUpdateCampaign } from '../../api/use-campaign-setup';
import { useCtrModels } from '../../api/use-ctr-models';
import { useProjects } from '../../api/use-workspace';
import { MarketField, marketCode, marketProblem } from '../setup/MarketField';
import { campaignFieldErrors } from '../setup/setup-errors';

export function CampaignEditModal({ campaign, onClose }: { campaign: CampaignDetail; onClose: () => void }) {
  const projects = useProjects();
  const update = useUpdateCampaign(campaign.id);
  const [name, setName] = useState(campaign.name);
  const [projectId, setProjectId] = useState(String(campaign.projectId));
  const [market, setMarket] = useState(campaign.market);
  const models = useCtrModels();
  const [ctrModel, setCtrModel] = useState(campaign.ctrModel);
  const [problems, setProblems] = useState<{ market?: string; name?: string }>({});
  const fromServer = campaignFieldErrors(update.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: { market?: string; name?: string } = {};
    const badMarket = marketProblem(market);
    if (badMarket !== null) local.market = badMarket;
    if (name.trim() === '') local.name = 'Give the campaign a name.';
    setProblems(local);
    if (local.market || local.name) return;
    const changes = {
      ...(name.trim() !== campaign.name ? { name: name.trim() } : {}),
      ...(Number(projectId) !== campaign.projectId ? { projectId: Number(projectId) } : {}),
      ...(marketCode(market) !== campaign.market ? { market: marketCode(market) } : {}),
      ...(ctrModel !== campaign.ctrModel ? { ctrModel } : {}),
    };
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(changes, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={`Edit campaign “${campaign.name}”`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              update.reset();
            }}
            error={problems.name ?? fromServer.name}
            maxLength={120}
            data-autofocus
          />
          <Select
            label="Project"
            data={(projects.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={projectId}
            onChange={(v) => v !== null && setProjectId(v)}
            allowDeselect={false}
            searchable
            error={fromServer.project}
          />
          <MarketField
            value={market}
            onChange={(v) => {
              setMarket(v);
              update.reset();
            }}
            error={problems.market ?? fromServer.market}
          />
          <Select
            label="CTR model"
            description="The click-through curve behind every visibility figure of this campaign"
            data={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            value={ctrModel}
            onChange={(v) => {
              if (v !== null) setCtrModel(v);
              update.reset();
            }}
            allowDeselect={false}
            searchable
          />
          {fromServer.other !== null && (
            <Alert color="red" variant="light" title="The campaign was not saved">
              {fromServer.other}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

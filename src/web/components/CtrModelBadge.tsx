// "CTR model: <name>" beside a campaign screen's title (issue 30 item 5): every visibility figure of the
// campaign uses its assigned model, so the screens say which. The organisation's models are asked for only
// when the campaign uses another than the default curve. The badge links to the campaign's calibration (its
// estimated clicks beside Search Console's real ones, on the CTR Models screen), so an analyst sees how far
// the model is off where the figures are.
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { useCtrModels } from '../api/use-ctr-models';
import { useCampaign } from '../api/use-workspace';

export function CtrModelBadge({ campaign }: { campaign: number }) {
  const detail = useCampaign(campaign);
  const id = detail.data?.ctrModel ?? null;
  const models = useCtrModels(id !== null && id !== 'default');
  const name = id === 'default' ? 'Default curve' : models.data?.find((m) => m.id === id)?.name;
  if (name === undefined) return null;
  return (
    <Badge
      component={Link}
      to={`/ctr_models?calibration=${campaign}`}
      style={{ cursor: 'pointer' }}
      variant="light"
      color="gray"
      size="sm"
      tt="none"
      maw="100%"
      data-testid="ctr-model-badge"
      title="The click-through curve behind every visibility figure here (Campaigns → Edit changes it); open its calibration against Search Console"
    >
      CTR model: {name}
    </Badge>
  );
}

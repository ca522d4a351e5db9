// The campaign id of a campaign-scoped screen's address (`/{campaignId}/…`): the screen is drawn for a
// positive integer id, keyed by it so that its state starts afresh on another campaign; anything else shows
// "Campaign not found" with what to do instead.
import type { ReactNode } from 'react';
import { useRoute } from '../app/route-context';
import { EmptyView } from './StateViews';

export function CampaignScreen({ children }: { children: (campaign: number) => ReactNode }) {
  const { params } = useRoute();
  const campaign = Number(params.campaignId);
  if (!Number.isInteger(campaign) || campaign <= 0) {
    return (
      <EmptyView title="Campaign not found">
        “{params.campaignId ?? ''}” is not a campaign id. Pick a campaign from the campaigns list.
      </EmptyView>
    );
  }
  return <div key={campaign}>{children(campaign)}</div>;
}

// The addresses the campaign-visibility screen asks for before anything else: its filter options and its
// widgets config. Light (no zod, no core filters), as the early entry (app/early-boot.ts) sends them.
import { cvCampaignBase, widgetsConfigPath } from '../../api/paths';
import { CV_MODULE } from './widget-catalog';

export function firstAddresses(campaign: number): { options: string; config: string } {
  return { options: `${cvCampaignBase(campaign)}/filters`, config: widgetsConfigPath(CV_MODULE) };
}

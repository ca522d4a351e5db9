// The entities of DESIGN §2 as plain types shared by storage, services, contracts and the web.
// Ids are positive integers issued by the MetaStore; dates are ISO `YYYY-MM-DD` strings, instants ISO 8601.
import type { Role } from './roles';

export interface Organisation {
  id: number;
  name: string;
  createdAt: string;
}

export interface User {
  id: number;
  organisationId: number;
  email: string;
  name: string;
  roles: Role[];
  disabled: boolean;
  createdAt: string;
}

export type Device = 'desktop' | 'mobile';

/** Market code `{country}-{language}[-mobile]`, lower case (DESIGN §2). */
export interface Market {
  code: string;
  country: string;
  language: string;
  device: Device;
  engine: 'google';
  name: string;
}

export interface Project {
  id: number;
  organisationId: number;
  name: string;
  createdAt: string;
}

export interface Site {
  id: number;
  projectId: number;
  host: string;
}

export type CheckSchedule = 'daily' | 'weekly';

export interface Campaign {
  id: number;
  organisationId: number;
  projectId: number;
  name: string;
  market: string;
  /** CTR model id; 'default' is the curve of DESIGN §3. */
  ctrModel: string;
  schedule: CheckSchedule | null;
  createdAt: string;
}

/** A tracked domain filter value: a registrable domain, a host, or a host with a path prefix. */
export interface TrackedDomain {
  id: number;
  campaignId: number;
  value: string;
  label: string;
  color: string;
  /** True for the client's own domains, false for competitors. */
  isOwn: boolean;
}

export interface DomainGroup {
  id: number;
  campaignId: number;
  label: string;
  color: string;
  members: string[];
}

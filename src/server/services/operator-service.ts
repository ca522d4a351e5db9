// The instance operator's use cases (issue 27): list organisations and create one with its first
// administrator, from the API (an administrator of the operator's organisation) and the CLI (`sightline org`,
// which runs with the operator's rights on the machine). The first administrator gets a generated one-time
// password, returned once and stored only as an argon2id hash, like the first start's administrator.
import type {
  CreateOrganisationRequest,
  CreateOrganisationResponse,
  operatorOrganisationsResponse,
} from '@contracts/operator';
import type { z } from 'zod';
import type { Organisation } from '@core/model';
import { ROLES } from '@core/roles';
import type { MetaStore } from '@storage/meta-store';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { AuthContext } from '../auth/session';
import { conflict, HttpError } from '../http/errors';
import { operatorOrganisationId } from './market-keys';

type OrganisationsResponse = z.infer<typeof operatorOrganisationsResponse>;

export class OperatorService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {}

  /** 403 `operator_only` unless the user belongs to the instance operator's organisation. */
  async assertOperator(auth: AuthContext): Promise<void> {
    if (auth.user.organisationId !== (await operatorOrganisationId(this.meta))) {
      throw new HttpError(
        403,
        'operator_only',
        "only the instance operator's administrators (the organisation created at first start) manage organisations",
      );
    }
  }

  async list(): Promise<OrganisationsResponse> {
    const operator = await operatorOrganisationId(this.meta);
    const orgs = await this.meta.listOrganisations();
    return { items: orgs.map((o) => view(o, operator)) };
  }

  /** A new organisation and its first administrator, in one transaction; 409 when the email has an account. */
  async create(req: CreateOrganisationRequest): Promise<CreateOrganisationResponse> {
    if (await this.meta.findUserByEmail(req.adminEmail)) {
      throw conflict(
        `${req.adminEmail} already has an account: name another email for the first administrator`,
      );
    }
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const at = this.now().toISOString();
    const { organisation, userId } = await this.meta.transaction(async (tx) => {
      const org = await tx.createOrganisation(req.name, at);
      const user = await tx.createUser({
        organisationId: org.id,
        email: req.adminEmail,
        name: req.adminName ?? 'Administrator',
        passwordHash,
        roles: [...ROLES],
        now: at,
      });
      return { organisation: org, userId: user.id };
    });
    return {
      organisation: view(organisation, await operatorOrganisationId(this.meta)),
      admin: { id: userId, email: req.adminEmail, oneTimePassword: password },
    };
  }
}

function view(o: Organisation, operator: number | null) {
  return { id: o.id, name: o.name, createdAt: o.createdAt, operator: o.id === operator };
}

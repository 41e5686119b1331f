/** An operator resolves a contested UTR, in one transaction (resolve-contested-claim.ts). */
import { commandOf } from '../../command.js';
import { resolveContestedClaim } from '../resolve-contested-claim.js';

export const resolveClaim = commandOf(resolveContestedClaim);

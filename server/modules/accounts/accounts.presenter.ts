import type { ApiUser } from '../../../shared/api/accounts.schemas.js';
import type { UserRow } from './accounts.repository.js';

/** The only shape a user leaves the server in: never the hash, the role flags or the tokens. */
export function presentUser(user: UserRow): ApiUser {
  return {
    _id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    mobile: user.mobile,
    emailVerified: user.emailVerifiedAt !== null,
    mobileVerified: user.mobileVerifiedAt !== null,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}

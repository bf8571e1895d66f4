/**
 * The client password hash of SPEC sections 5 and 7 (`hashPassword` of the contracts: uppercase
 * hex SHA-512 of the uppercase hex MD5), loaded on first use: its two hash libraries (about 50 KB)
 * stay out of the login page's first download.
 * @param typed the password as typed
 * @returns 128 uppercase hex characters
 */
export async function hashPasswordLazily(typed: string): Promise<string> {
  const { hashPassword } = await import('@acervo/contracts/password');
  return hashPassword(typed);
}

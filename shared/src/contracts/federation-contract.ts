import satisfies from 'semver/functions/satisfies';

/** Where every build of an app publishes its contract, beside its manifest. */
export const FEDERATION_CONTRACT_FILE = 'federation-contract.json';

/**
 * What an app's build holds of the shared singletons and what its own code takes from them. A host serves
 * its copies to every remote (it loads first), so a remote can be deployed exactly when the host's
 * `provides` covers the remote's `needs`: every version in range, every export it imports present.
 */
export interface FederationContract {
  app: string;
  builtAt: string;
  commit: string | null;
  /** Each singleton's version in this build and, where the copy is cut to a list, the exports it keeps. */
  provides: Record<string, { version: string; exports?: string[] }>;
  /** Each singleton's version range this app accepts and the exports its own code imports. */
  needs: Record<string, { requiredVersion: string; exports?: string[] }>;
}

export interface ContractProblem {
  package: string;
  /** Exports the consumer imports that the provider's copy lacks. */
  missing?: string[];
  /** The provider's version is outside the consumer's range (or it provides no copy at all). */
  version?: { provided: string | null; required: string };
}

/** Everything `consumer` needs that `provider` does not provide; empty when the pair can run together. */
export function contractProblems(
  provider: FederationContract,
  consumer: FederationContract,
): ContractProblem[] {
  const problems: ContractProblem[] = [];
  for (const [name, need] of Object.entries(consumer.needs)) {
    const offer = provider.provides[name];
    if (!offer || !satisfies(offer.version, need.requiredVersion)) {
      problems.push({
        package: name,
        version: { provided: offer?.version ?? null, required: need.requiredVersion },
      });
      continue;
    }
    if (!offer.exports || !need.exports) continue; // a whole package offers every export
    const kept = new Set(offer.exports);
    const missing = need.exports.filter((name) => !kept.has(name));
    if (missing.length > 0) problems.push({ package: name, missing });
  }
  return problems;
}

/** One line per problem, naming exactly what is missing, for a terminal or a slot's message. */
export function describeProblems(problems: ContractProblem[]): string[] {
  return problems.map((problem) =>
    problem.missing
      ? `${problem.package}: ${problem.missing.join(', ')} not provided`
      : `${problem.package}: ${problem.version?.provided ?? 'none'} provided, ${problem.version?.required} required`,
  );
}

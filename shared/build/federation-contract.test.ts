import { describe, expect, it } from '@rstest/core';
import {
  contractProblems,
  describeProblems,
  type FederationContract,
} from '../src/contracts/federation-contract';
import { federationContract, sharedExportNames } from './federation-contract';

const contract = (parts: Partial<FederationContract>): FederationContract => ({
  app: 'test',
  builtAt: '2026-01-01T00:00:00.000Z',
  commit: null,
  provides: {},
  needs: {},
  ...parts,
});

describe('federation contracts', () => {
  it("lists exactly the runtime exports of @chat/shared's browser entry", async () => {
    const entry = await import('../src/index');
    expect(sharedExportNames()).toEqual(Object.keys(entry).sort());
  });

  it('records what an app imports from the tree-shaken singletons, within what the workspace keeps', () => {
    const rooms = federationContract('rooms', new URL('../../rooms-remote', import.meta.url).pathname);
    expect(rooms.needs.antd?.exports).toContain('Button');
    expect(rooms.needs['@chat/shared']?.exports).toContain('useServices');
    // Built from the same commit, the app's own copies cover its own needs.
    expect(contractProblems(rooms, rooms)).toEqual([]);
  });

  it('names the exports a host lacks, and a version out of range', () => {
    const shell = contract({
      provides: {
        antd: { version: '6.6.8', exports: ['Button', 'Card'] },
        react: { version: '19.3.1' },
      },
    });
    const remote = contract({
      needs: {
        antd: { requiredVersion: '^6.6.8', exports: ['Button', 'Select', 'Slider'] },
        react: { requiredVersion: '^20.0.0' },
      },
    });
    const problems = contractProblems(shell, remote);
    expect(problems).toEqual([
      { package: 'antd', missing: ['Select', 'Slider'] },
      { package: 'react', version: { provided: '19.3.1', required: '^20.0.0' } },
    ]);
    expect(describeProblems(problems)).toEqual([
      'antd: Select, Slider not provided',
      'react: 19.3.1 provided, ^20.0.0 required',
    ]);
  });

  it('passes a whole package, which offers every export', () => {
    const shell = contract({ provides: { axios: { version: '1.21.1' } } });
    const remote = contract({ needs: { axios: { requiredVersion: '^1.0.0', exports: ['isAxiosError'] } } });
    expect(contractProblems(shell, remote)).toEqual([]);
  });
});

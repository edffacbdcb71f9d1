import { loadContracts } from '../../nginx/load-routes.mjs';
import { INFRA_PORTS, SERVICES, TEST_PORT_OFFSET, portsFor } from '../ports.mjs';

describe('ports.mjs', () => {
  it('when compared with libs/contracts/src/services.ts, then it mirrors every port and the test offset', async () => {
    const contracts = await loadContracts();
    expect(SERVICES).toEqual(contracts.SERVICES);
    expect(INFRA_PORTS).toEqual(contracts.INFRA_PORTS);
    expect(TEST_PORT_OFFSET).toBe(contracts.TEST_PORT_OFFSET);
  });

  it('when the test profile is asked for, then every port is shifted by the offset', () => {
    const dev = portsFor('dev');
    const test = portsFor('test');
    expect(test.gateway).toBe(dev.gateway + TEST_PORT_OFFSET);
    expect(test.mongo).toBe(dev.mongo + TEST_PORT_OFFSET);
    expect(test.services.identity).toBe(dev.services.identity + TEST_PORT_OFFSET);
  });

  it('when all ports of both profiles are listed, then none is used twice', () => {
    const all = ['dev', 'test'].flatMap((p) => {
      const { services, ...infra } = portsFor(p);
      return [...Object.values(infra), ...Object.values(services)];
    });
    expect(new Set(all).size).toBe(all.length);
  });
});

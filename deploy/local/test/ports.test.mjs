import { loadContracts } from '../../nginx/load-routes.mjs';
import { INFRA_PORTS, MAX_INSTANCES, SERVICES, SERVICE_NAMES, TEST_PORT_OFFSET, parseInstances, portsFor, serviceInstances } from '../ports.mjs';

describe('ports.mjs', () => {
  it('when the launcher and the contracts read the port layout, then they see the same ports and test offset', async () => {
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

  it('when every service runs the most instances in both profiles, then still no port is used twice', () => {
    const most = Object.fromEntries(SERVICE_NAMES.filter((s) => s !== 'realtime').map((s) => [s, MAX_INSTANCES]));
    const all = ['dev', 'test'].flatMap((p) => {
      const ports = portsFor(p);
      const infra = Object.entries(ports).filter(([key]) => key !== 'services').map(([, port]) => port);
      return [...infra, ...Object.values(serviceInstances(ports, most)).flat().map((i) => i.port)];
    });
    expect(new Set(all).size).toBe(all.length);
  });

  it('when instances are asked for, then each gets a name and its own port, the first keeping the service port', () => {
    const ports = portsFor('dev', {});
    const list = serviceInstances(ports, parseInstances('identity=2, customers=3'));
    expect(list.identity).toEqual([{ name: 'identity-1', port: 4101 }, { name: 'identity-2', port: 4201 }]);
    expect(list.customers.map((i) => i.port)).toEqual([4103, 4203, 4303]);
    expect(list.scheduling).toEqual([{ name: 'scheduling', port: 4102 }]);
  });

  it('when the instances spec is wrong, then the message names the problem', () => {
    expect(() => parseInstances('identity')).toThrow(/not <service>=<count>/);
    expect(() => parseInstances('payroll=2')).toThrow(/unknown service "payroll"/);
    expect(() => parseInstances('identity=0')).toThrow(/must be 1-9/);
    expect(() => parseInstances('identity=10')).toThrow(/must be 1-9/);
    expect(parseInstances('realtime=2')).toEqual({ realtime: 2 });
    expect(parseInstances('')).toEqual({});
    expect(parseInstances(undefined)).toEqual({});
  });
});

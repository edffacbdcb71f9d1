import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('when MONGO_URL lists the members of a replica set, then the configuration loads with it', () => {
    const MONGO_URL = 'mongodb://mongo1:27017,mongo2:27017,mongo3:27017/?replicaSet=rs0';
    expect(loadConfig('scheduling', {}, { MONGO_URL }).MONGO_URL).toBe(MONGO_URL);
  });

  it('when MONGO_URL is not a MongoDB connection string, then the start stops naming it', () => {
    expect(() => loadConfig('scheduling', {}, { MONGO_URL: 'http://mongo:27017/' })).toThrow(/MONGO_URL: must be a MongoDB connection string/);
  });
});

import { bootFiles } from '../build/boot-files.mjs';

const consume = (key: string, range: string) => ({ name: `consume shared module (default) ${key}@${range} (strict) (fallback: /repo/node_modules/${key}/index.js)` });
const provided = (key: string, version: string) => ({ moduleName: `provide shared module (default) ${key}@${version} = /repo/node_modules/${key}/index.js` });

// A build like the shell's: the async boundary, the shared modules it uses (one of them using another),
// a consume-side copy of React that the page never loads, and a lazy page with a shared module of its own.
const stats = {
  chunks: [
    { id: 1, files: ['boot.js', 'boot.css', 'boot.js.map'], origins: [{ request: './bootstrap' }], modules: [{ name: './src/bootstrap.tsx + 3 modules', modules: [consume('react', '^19.3.1')] }, consume('@turnbook/web-kit', '*')] },
    { id: 2, files: ['react.js'], origins: [provided('react', '19.3.1')], modules: [{ name: 'react/index.js' }] },
    { id: 3, files: ['react-consume-copy.js'], origins: [{ moduleName: consume('react', '^19.3.1').name }], modules: [{ name: 'react/index.js' }] },
    { id: 4, files: ['web-kit.js'], origins: [provided('@turnbook/web-kit', '0.0.0')], modules: [{ name: 'libs/web-kit/src/index.ts' }, consume('@tanstack/react-query', '^5.0.0')] },
    { id: 5, files: ['react-query.js'], origins: [provided('@tanstack/react-query', '5.108.0')], modules: [] },
    { id: 6, files: ['login.js'], origins: [{ request: './login-page' }], modules: [consume('zod', '^4.0.0')] },
    { id: 7, files: ['zod.js'], origins: [provided('zod', '4.6.7')], modules: [] },
  ],
};

describe('bootFiles', () => {
  it('when the boundary consumes shared modules, then their provided chunks are listed, transitively, and nothing else', () => {
    expect(bootFiles(stats).sort()).toEqual(['boot.css', 'boot.js', 'react-query.js', 'react.js', 'web-kit.js']);
  });

  it('when no chunk comes from the boundary, then nothing is listed', () => {
    expect(bootFiles(stats, './missing')).toEqual([]);
  });

  it("when asked for a shared module ('shared:<key>'), then its provided chunks are listed, with what they consume", () => {
    expect(bootFiles(stats, 'shared:@turnbook/web-kit').sort()).toEqual(['react-query.js', 'web-kit.js']);
  });
});

import { describe, expect, it } from 'vitest';
import { type BuildManifest, chunksOfRoute, withModulePreloads } from './module-preloads.ts';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  'src/app/routes/login.tsx': {
    file: 'assets/login-c.js',
    imports: ['index.html', '_field-d.js', '_button-e.js'],
  },
  '_field-d.js': { file: 'assets/field-d.js', imports: ['index.html', '_button-e.js'] },
  '_button-e.js': { file: 'assets/button-e.js', imports: ['_field-d.js'] },
  'src/app/routes/other.tsx': { file: 'assets/other-f.js', imports: ['_unused-g.js'] },
  // A route merged into a chunk of its name (first-load-chunks.ts) has no key of its own.
  '_menu-display-h.js': { file: 'assets/menu-display-h.js', name: 'menu-display', imports: ['index.html'] },
  '_unused-g.js': { file: 'assets/unused-g.js' },
};

describe('chunksOfRoute', () => {
  it('lists the route’s chunk and every chunk it imports once, without the entry or what only the entry imports', () => {
    expect(chunksOfRoute(manifest, 'src/app/routes/login.tsx')).toEqual([
      'assets/login-c.js',
      'assets/field-d.js',
      'assets/button-e.js',
    ]);
  });

  it('finds a route merged into a chunk of its name', () => {
    expect(chunksOfRoute(manifest, 'src/app/routes/menu-display.tsx')).toEqual(['assets/menu-display-h.js']);
  });

  it('refuses a route the build does not have', () => {
    expect(() => chunksOfRoute(manifest, 'src/app/routes/landing.tsx')).toThrow(
      'the build has no chunk for src/app/routes/landing.tsx',
    );
  });
});

describe('withModulePreloads', () => {
  it('adds a modulepreload link per chunk at the end of the head', () => {
    const page = '<html><head><title>x</title></head><body><div id="root">$&</div></body></html>';
    expect(withModulePreloads(page, ['assets/login-c.js', 'assets/field-d.js'])).toBe(
      '<html><head><title>x</title>' +
        '<link rel="modulepreload" crossorigin href="/assets/login-c.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/field-d.js">' +
        '</head><body><div id="root">$&</div></body></html>',
    );
  });

  it('refuses a page without a head', () => {
    expect(() => withModulePreloads('<div></div>', ['assets/login-c.js'])).toThrow('</head>');
  });
});

import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { redactUrl } from '@balie/shared';
import { appRoutes } from './routes';

/** Every path of the route table, however deep (issue 34 item 1). */
function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);
}

/** A page's path parameter that names a row (`:productId`, `:locationId`) opens nothing by itself. */
const isIdentifier = (name: string) => name === 'id' || name.endsWith('Id');

describe("the server's request log and the web app's pages (DESIGN §6)", () => {
  // The server serves every page through one catch-all, so it cannot see which page a path is: the
  // shared rule must know each page whose path carries a secret. A page added with a `:token` (or any
  // parameter that is not an id) and not known to the rule fails here.
  it('redacts every parameter of a page that is not an id', () => {
    const secret = 'Sekr3tValueNoLogShows';
    const paths = pathsOf(appRoutes(false)).filter((p) => p.includes('/:'));
    expect(paths).toEqual(expect.arrayContaining(['/invitation/:token', '/setup/:token']));
    for (const path of paths) {
      const url = path.replace(/:(\w+)/g, (_m, name: string) => (isIdentifier(name) ? '12' : secret));
      const logged = redactUrl(`${url}?lang=nl`);
      expect(logged, path).not.toContain(secret);
      if (!url.includes(secret)) expect(logged, path).toBe(`${url}?lang=nl`);
    }
  });
});

// proxy-addr (Express's own dependency) ships no types; the two calls we use.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (addr: string, i: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: Trust): string;
  namespace proxyaddr {
    function compile(val: string | string[]): Trust;
  }
  export = proxyaddr;
}

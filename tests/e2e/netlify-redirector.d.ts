/** Netlify's redirect engine (`netlify-redirector`, WebAssembly) ships no types: the part `netlify dev` uses. */
declare module 'netlify-redirector' {
  export interface MatchRequest {
    scheme: string;
    host: string;
    path: string;
    query: string;
    headers: Record<string, string>;
    cookieValues: Record<string, string>;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }
  export interface Match {
    from: string;
    to: string;
    status: number;
    force: boolean;
  }
  export interface Matcher {
    match(request: MatchRequest): Match | null;
  }
  const redirector: { parsePlain(rules: string, options: object): Promise<Matcher> };
  export default redirector;
}

/** What every console page receives: the route's parameters, and `kind` for the taxonomy page. */
export type ConsolePageProps = { params: Record<string, string>; kind?: string };

/**
 * A serializer compiler that writes a route's answer with JSON.stringify, without checking it
 * against the route's response schema (which still documents it in OpenAPI). For the hot list
 * routes, whose answers the record presenter shapes: checking 48 records against their schema
 * cost more than building them (docs/performance.md). Their tests check answers against the schema.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

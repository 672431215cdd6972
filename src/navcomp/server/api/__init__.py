"""The web layer: routers, dependencies, schemas, middleware and the fast path."""

# syntax=docker/dockerfile:1
# Oja Checkout as a service: one image, any number of instances sharing Redis (CHECKOUT_SESSION_STORE).
#   docker build -t oja-checkout .
#   docker run --init -p 4400:4400 oja-checkout                      (one instance, sessions in memory)
#   docker compose up --build                                        (Redis and two instances: compose.yaml)

# Both stages on Node 24, the recommended baseline (the unit tests also run on it: NEWER_NODE in
# scripts/bin/newer-node.mjs); the workspace also builds and is tested on Node 20.19+ (engines, docs/decisions.md).
# Build: the whole workspace, as `npm run build` builds it on a developer's machine.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN node scripts/build/build.mjs

# Run: only what the build wrote. The server bundle carries its dependencies (ioredis, hono, …): no node_modules.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4400
# Owned by root, run by node: the instance cannot change its own code or assets.
COPY --from=build /app/dist/server dist/server
COPY --from=build /app/dist/client dist/client
USER node
# 4400 the checkout; with the embedded sandbox also 4401 (the demo merchant, MERCHANT_PORT) and 4402 (the sandbox's
# second origin, OUTSIDE_PORT).
EXPOSE 4400 4401 4402
# GET /healthz answers 200 while the instance can serve and reach its store (CONTRACT §5). No curl in slim: node's fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4400) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: SIGTERM from `docker stop` reaches node itself, which drains the requests in flight (10 s at most),
# then exits. Node as PID 1 handles the signals it listens for; `--init` (compose: `init: true`) adds a reaper.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/server.mjs"]

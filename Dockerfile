# syntax=docker/dockerfile:1
#
# Waldkita Elternportal: one image for every server role, plus a small Caddy image with the web.
#   docker build --target runtime -t waldkita/app .   (the default target, the last stage)
#   docker build --target web     -t waldkita/web .   (Caddy + web/dist + deploy/Caddyfile)
# The runtime starts `node cli/dist/main.js start --role $ROLE` (ROLE: all | command-api |
# query-api | projector). See docs/deployment.md.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------------------------
# build: install everything, compile all workspaces and the web, then drop dev dependencies
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY cli/package.json cli/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# Sources only (never a host's node_modules or dist).
COPY tsconfig.base.json tsconfig.json ./
COPY domain/tsconfig.json domain/
COPY domain/src domain/src
COPY platform/tsconfig.json platform/
COPY platform/src platform/src
COPY command-api/tsconfig.json command-api/
COPY command-api/src command-api/src
COPY projector/tsconfig.json projector/
COPY projector/src projector/src
COPY query-api/tsconfig.json query-api/
COPY query-api/src query-api/src
COPY cli/tsconfig.json cli/
COPY cli/src cli/src
COPY e2e/tsconfig.json e2e/
COPY e2e/src e2e/src
COPY web/index.html web/vite.config.ts web/tsconfig.json web/
COPY web/public web/public
COPY web/src web/src

RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---------------------------------------------------------------------------------------------
# web: the reverse proxy of docker-compose.yml, serving the built SPA itself
# ---------------------------------------------------------------------------------------------
FROM caddy:2-alpine AS web
COPY deploy/Caddyfile /etc/caddy/Caddyfile
COPY --from=build /app/web/dist /srv

# ---------------------------------------------------------------------------------------------
# runtime: production dependencies and compiled output only, as the unprivileged user `node`
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    ROLE=all \
    PORT=3000 \
    WEB_DIST=/app/web/dist
WORKDIR /app

COPY --from=build /app/package.json /app/package-lock.json ./
# Workspace packages are symlinked from node_modules/@waldkita/* to the folders below.
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/domain/package.json domain/
COPY --from=build /app/domain/dist domain/dist
COPY --from=build /app/platform/package.json platform/
COPY --from=build /app/platform/dist platform/dist
COPY --from=build /app/command-api/package.json command-api/
COPY --from=build /app/command-api/dist command-api/dist
COPY --from=build /app/projector/package.json projector/
COPY --from=build /app/projector/dist projector/dist
COPY --from=build /app/query-api/package.json query-api/
COPY --from=build /app/query-api/dist query-api/dist
COPY --from=build /app/cli/package.json cli/
COPY --from=build /app/cli/dist cli/dist
COPY --from=build /app/web/package.json web/
COPY --from=build /app/web/dist web/dist

# The only place the app may write (e.g. mail files when no SMTP server is configured).
RUN mkdir -p /app/.data && chown node:node /app/.data

# The app's Node flags (platform/src/node-flags.ts), for the app and every operator command.
ENV NODE_OPTIONS=--experimental-async-context-frame
USER node
EXPOSE 3000
# Shell form on purpose: ROLE is expanded at start. `exec` hands PID 1 over to node; run the
# container with an init process (compose: `init: true`) so signals are forwarded properly.
CMD ["sh", "-c", "exec node cli/dist/main.js start --role \"$ROLE\""]

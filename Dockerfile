# Production image (issue 16): build with dev dependencies, run with production ones, as the
# unprivileged `node` user. The Node version is the one pinned in package.json (devDependency
# `node`); keep the two in step.
# Debian 13 (trixie): its postgresql-client is PostgreSQL 17's, the major of compose.yaml's database.
ARG NODE_IMAGE=node:24.21.0-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; install scripts are not needed at run time.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# pg_dump for `npm run db:backup` against PostgreSQL (issue 34). pg_dump refuses a server of a
# newer major than its own, so the client's major is the database's (compose.yaml: postgres:17;
# a managed PostgreSQL of another major: build with its client, see docs/deployment.md).
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client-17 \
    && rm -rf /var/lib/apt/lists/*
# Production React and the production configuration checks: PUBLIC_URL, ADMIN_PASSWORD and
# SESSION_SECRET must be given at run time (compose.yaml, or the platform's secret store).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json package-lock.json ./
COPY --chown=root:root server ./server
COPY --chown=root:root common ./common
COPY --chown=root:root public ./public
COPY --chown=root:root scripts/db-migrate.ts scripts/db-seed.ts scripts/db-backup.ts scripts/db-restore.ts scripts/db-fetch-backup.ts ./scripts/
# The code stays root-owned and read-only to the app; only the data volume is the app's.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /readyz answers 200 once the database is reachable (Node's fetch: no curl in the slim image).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `docker compose run app npm run db:migrate|db:backup|db:restore FILE` use the same image.
CMD ["node", "server/main.ts"]

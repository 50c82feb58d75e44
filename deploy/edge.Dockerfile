# The edge image for Kubernetes (deploy/kubernetes/edge.yaml): nginx with deploy/nginx.conf and the
# miniapp's production build, so a pod needs no volume with either. Build from the repository root:
#   docker build -f deploy/edge.Dockerfile -t casino/edge:TAG .
# The app's VITE_* settings (README, "Configuration") are read at build time: put them in
# miniapp/.env.production, which the build stage copies with miniapp/.
FROM node:20-bookworm AS build
WORKDIR /src
COPY miniapp/package.json miniapp/package-lock.json miniapp/
RUN npm ci --prefix miniapp --no-audit --no-fund
COPY miniapp miniapp
# The build writes the Content-Security-Policy from this template (miniapp/tooling/csp-hashes.ts).
COPY deploy/csp-policy.txt deploy/
RUN npm --prefix miniapp run build

FROM nginx:1.27
COPY deploy/nginx.conf /etc/nginx/nginx.conf
COPY deploy/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /src/miniapp/dist /usr/share/nginx/html
USER 101

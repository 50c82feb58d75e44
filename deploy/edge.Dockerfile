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
# nginx.conf is a template (see its head): rendered here, once, with the Kubernetes Services'
# names (deploy/kubernetes/*.yaml), since the pod runs nginx itself on a read-only filesystem and
# not the image's entrypoint, which would render it at start-up. scripts/validate_deploy.py checks
# these servers against the Services.
ENV NGINX_LISTEN="8080" \
    NGINX_HTML="/usr/share/nginx/html" \
    NGINX_ACCESS_LOG="/dev/stdout" \
    AUTH_SERVICE_SERVERS="server auth-service:8082;" \
    PLATFORM_SERVERS="server platform:8081;" \
    CENTRIFUGO_SERVERS="server centrifugo:8000;" \
    BOT_SERVERS="server bot:8083;"
COPY deploy/nginx.conf /tmp/nginx.conf.template
RUN envsubst '${NGINX_LISTEN} ${NGINX_HTML} ${NGINX_ACCESS_LOG} ${AUTH_SERVICE_SERVERS} ${PLATFORM_SERVERS} ${CENTRIFUGO_SERVERS} ${BOT_SERVERS}' \
        < /tmp/nginx.conf.template > /etc/nginx/nginx.conf && rm /tmp/nginx.conf.template
COPY deploy/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /src/miniapp/dist /usr/share/nginx/html
USER 101

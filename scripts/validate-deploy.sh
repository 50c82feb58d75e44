#!/usr/bin/env bash
# Validates the deployment files without network (part of `make test`, as `make validate-deploy`):
#   - deploy/docker-compose.yml against the compose-spec JSON schema vendored in deploy/schemas/;
#   - deploy/kubernetes/*.yaml against the Kubernetes schemas that the kubernetes-validate package
#     ships, strict (an unknown field is an error, so a misspelt one cannot be silently ignored),
#     for the oldest and newest Kubernetes versions below;
#   - what no schema sees (scripts/validate_deploy.py): the files against the code and each other.
# Then it proves the checks can fail: each of a set of deliberately broken copies of deploy/ must be
# refused with the expected message, or this script fails.
#
# The checkers (pinned, with their dependencies, in scripts/validate-deploy.requirements.txt) are
# installed into a virtual environment under target/ on first use; after that nothing is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."

REQUIREMENTS=scripts/validate-deploy.requirements.txt
VENV=target/validate-deploy/venv
# The oldest Kubernetes still commonly offered by managed services, and the newest the package has.
KUBERNETES_VERSIONS=(1.30.0 1.37.0)

# Reinstall when the pins change: the venv remembers the requirements it was made from.
if ! cmp -s "$REQUIREMENTS" "$VENV/requirements.txt" 2>/dev/null; then
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps --require-virtualenv \
        -r "$REQUIREMENTS"
    cp "$REQUIREMENTS" "$VENV/requirements.txt"
fi

# The checks of one copy of deploy/ (all of them, or the one named); every checker runs, so one
# run lists every problem.
validate() {
    local deploy=$1 only=${2:-all} status=0
    if [[ $only == all || $only == compose ]]; then
        "$VENV/bin/check-jsonschema" --schemafile deploy/schemas/compose-spec.json \
            "$deploy/docker-compose.yml" || status=1
    fi
    if [[ $only == all || $only == kubernetes ]]; then
        for version in "${KUBERNETES_VERSIONS[@]}"; do
            "$VENV/bin/kubernetes-validate" --strict --quiet --no-warn -k "$version" \
                "$deploy"/kubernetes/*.yaml || status=1
        done
    fi
    if [[ $only == all || $only == cross ]]; then
        "$VENV/bin/python" scripts/validate_deploy.py "$deploy" || status=1
    fi
    return $status
}

started=$SECONDS
validate deploy

# Broken copies: the checker that must refuse it | file | text replaced | replacement | a message
# that checker must print. (Each copy goes to its own checker only: the whole set then takes seconds.)
BROKEN=(
    "kubernetes|kubernetes/bot.yaml|replicas: 2|replicas: \"two\"|'two' is not of type 'integer'"
    "kubernetes|kubernetes/auth-service.yaml|livenessProbe:|livenessProbes:|livenessProbes"
    "compose|docker-compose.yml|    environment:|    enviroment:|'enviroment' does not match"
    "cross|kubernetes/auth-service.yaml|AUTH_RATE_LIMIT_STORE, value|AUTH_RATE_LIMITS_STORE, value|AUTH_RATE_LIMITS_STORE is not read by auth-service"
    "cross|docker-compose.yml|CENTRIFUGO_URL:|CENTRIFUGO_ADDR:|CENTRIFUGO_ADDR is not read by platform"
    "cross|kubernetes/centrifugo.yaml|selector: { app.kubernetes.io/name: centrifugo }|selector: { app.kubernetes.io/name: centrifuge }|Service/centrifugo: its selector matches no Deployment"
    "cross|kubernetes/config.yaml|\"name\": \"wallet\"|\"name\": \"wallets\"|differs from deploy/centrifugo.json"
    "cross|edge.Dockerfile|server bot:8083|server bot:8084|a port Service/bot lacks"
    "cross|docker-compose.yml|    healthcheck:|    x-healthcheck:|services.postgres: no healthcheck"
    "cross|docker-compose.yml|server platform:8081;|server platfrom:8081;|upstream platform's host platfrom is not a service"
    "cross|nginx.conf|{ \${CENTRIFUGO_SERVERS} }|{ server centrifugo:8000; }|upstream centrifugo takes its servers from no"
    "cross|kubernetes/edge.yaml|readOnlyRootFilesystem: true|readOnlyRootFilesystem: false|root filesystem is not read-only"
    "cross|kubernetes/platform.yaml|key: TG_BOT_SERVICE_KEY|key: TG_BOT_KEY|casino-secrets/TG_BOT_KEY is not documented"
    "cross|kubernetes/network-policy.yaml|app.kubernetes.io/name: auth-service } }|app.kubernetes.io/name: auth } }|admits pods labelled {'app.kubernetes.io/name': 'auth'}"
)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
refused=0
for case in "${BROKEN[@]}"; do
    IFS='|' read -r checker file old new expected <<<"$case"
    rm -rf "$scratch/deploy"
    cp -r deploy "$scratch/deploy"
    # The first occurrence only; a replacement that finds nothing would test nothing, so it fails.
    "$VENV/bin/python" - "$scratch/deploy/$file" "$old" "$new" <<'EOF'
import pathlib, sys
path, old, new = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
text = path.read_text()
if old not in text:
    sys.exit(f"broken copy: {old!r} is not in {path}")
path.write_text(text.replace(old, new, 1))
EOF
    if output=$(validate "$scratch/deploy" "$checker" 2>&1); then
        echo "FAILED: a copy with $file's '$old' made '$new' passed validation" >&2
        exit 1
    fi
    if [[ "$output" != *"$expected"* ]]; then
        echo "FAILED: a copy with $file's '$old' made '$new' was refused, but not with '$expected':" >&2
        echo "$output" >&2
        exit 1
    fi
    refused=$((refused + 1))
done
echo "validate-deploy: deploy/ is valid; $refused of ${#BROKEN[@]} broken copies refused ($((SECONDS - started)) s)"

"""What the schemas cannot see: that the deployment files agree with the code and with each other.

    python3 scripts/validate_deploy.py [DEPLOY_DIR]      (DEPLOY_DIR: deploy/ by default)

Run by scripts/validate-deploy.sh after the schema checks, in its virtual environment (PyYAML).
Each check prints what is wrong and where; the exit status is 1 when any failed.

- Every variable a Rust service is given (compose or Kubernetes) is one its code reads: a string
  literal "NAME" in the service's sources or the shared crates. A misspelt variable is otherwise
  silently ignored and the service runs on its default (the compose file once gave the platform no
  CENTRIFUGO_URL and nobody noticed).
- Each nginx upstream's servers (the template's *_SERVERS variables, as compose and the edge image
  fill them in) are compose services and Kubernetes Services with that port.
- Each Kubernetes Service, PodDisruptionBudget, HorizontalPodAutoscaler and NetworkPolicy (and each
  peer a policy admits) finds its pods; each Service's and probe's named port exists on the
  container.
- Each Deployment's containers have liveness and readiness probes, CPU and memory requests and
  limits, a read-only root filesystem, no privilege escalation, and run as non-root.
- Each ConfigMap key a container references exists; each Secret key is listed in deploy/README.md,
  where the operator learns what to create.
- The Centrifugo ConfigMap holds the same configuration as deploy/centrifugo.json.
"""

import json
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUST_SERVICES = {"platform", "auth-service", "bot"}
# Read by libraries, not by a literal in our code: tracing_subscriber's EnvFilter reads RUST_LOG.
READ_BY_LIBRARIES = {"RUST_LOG"}

errors: list[str] = []


def fail(message: str) -> None:
    errors.append(message)


def literals(service: str) -> set[str]:
    """The upper-case string literals in a service's sources and the shared crates."""
    names: set[str] = set()
    for source in [ROOT / service / "src", ROOT / "crates"]:
        for path in source.rglob("*.rs"):
            names.update(re.findall(r'"([A-Z][A-Z0-9_]+)"', path.read_text()))
    return names


READS = {service: literals(service) | READ_BY_LIBRARIES for service in RUST_SERVICES}


def check_variables(where: str, service: str, names: list[str]) -> None:
    for name in names:
        if name not in READS[service]:
            fail(f"{where}: {name} is not read by {service} (no \"{name}\" in its code)")


def nginx_upstreams(deploy: pathlib.Path) -> dict[str, str]:
    """nginx.conf is a template: each upstream's servers come from a variable. Upstream -> variable."""
    conf = (deploy / "nginx.conf").read_text()
    found = {}
    # One line each: `upstream NAME { ${NAME_SERVERS} keepalive N; }`.
    for name, body in re.findall(r"^\s*upstream\s+(\w+)\s*\{(.*)$", conf, re.M):
        variable = re.search(r"\$\{(\w+_SERVERS)\}", body)
        if variable is None:
            fail(f"nginx.conf: upstream {name} takes its servers from no ${{..._SERVERS}} variable")
        else:
            found[name] = variable.group(1)
    if not found:
        fail("nginx.conf: no upstreams found (expected `upstream NAME { ${NAME_SERVERS} ... }`)")
    return found


def servers(value: str) -> list[tuple[str, int]]:
    """The `server host:port;` lines of an upstream variable."""
    return [(host, int(port)) for host, port in re.findall(r"server\s+([\w.-]+):(\d+)\s*;", value or "")]


def upstream_servers(where: str, values: dict, upstreams: dict[str, str]) -> list[tuple[str, str, int]]:
    """Each upstream's servers as `values` (a deployment's variables) fill them in."""
    found = []
    for upstream, variable in upstreams.items():
        listed = servers(values.get(variable, ""))
        if not listed:
            fail(f"{where}: {variable} gives nginx's upstream {upstream} no `server host:port;`")
        found.extend((upstream, host, port) for host, port in listed)
    return found


def edge_image_values(deploy: pathlib.Path) -> dict[str, str]:
    """The variables edge.Dockerfile renders nginx.conf with for Kubernetes (its ENV lines)."""
    text = (deploy / "edge.Dockerfile").read_text()
    return dict(re.findall(r'^\s*(?:ENV\s+)?(\w+)="([^"]*)"\s*\\?$', text, re.M))


def check_compose(deploy: pathlib.Path, upstreams: dict[str, str]) -> None:
    compose = yaml.safe_load((deploy / "docker-compose.yml").read_text())
    services = compose.get("services", {})
    for name, service in services.items():
        command = service.get("command") or []
        binary = command[0] if command else None
        if binary in RUST_SERVICES:
            check_variables(f"docker-compose.yml services.{name}", binary,
                            list((service.get("environment") or {}).keys()))
    for name, service in services.items():
        if "test" not in (service.get("healthcheck") or {}):
            fail(f"docker-compose.yml services.{name}: no healthcheck")
    edge = next((s for s in services.values() if "nginx.conf" in str(s.get("volumes", ""))), None)
    if edge is None:
        fail("docker-compose.yml: no service mounts nginx.conf")
        return
    for upstream, host, _ in upstream_servers("docker-compose.yml", edge.get("environment") or {}, upstreams):
        if host not in services:
            fail(f"nginx.conf: upstream {upstream}'s host {host} is not a service of docker-compose.yml")


def containers_of(workload: dict) -> list[dict]:
    return workload["spec"]["template"]["spec"].get("containers", [])


def matches(selector: dict, labels: dict) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def check_kubernetes(deploy: pathlib.Path, upstreams: dict[str, str]) -> None:
    manifests = deploy / "kubernetes"
    objects = []
    for path in sorted(manifests.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document:
                objects.append((path.name, document))
    if not objects:
        fail(f"{manifests}: no manifests")
        return
    by_kind: dict[str, list[tuple[str, dict]]] = {}
    for file, obj in objects:
        by_kind.setdefault(obj.get("kind"), []).append((file, obj))
    deployments = by_kind.get("Deployment", [])
    config_maps = {obj["metadata"]["name"]: obj.get("data", {}) for _, obj in by_kind.get("ConfigMap", [])}
    # The operator's list of what to create: deploy/README.md from its "## Kubernetes" heading on.
    readme = (deploy / "README.md").read_text()
    secrets_doc = readme[readme.find("## Kubernetes"):] if "## Kubernetes" in readme else ""

    for file, deployment in deployments:
        name = deployment["metadata"]["name"]
        where = f"{file} Deployment/{name}"
        pod = deployment["spec"]["template"]["spec"]
        labels = deployment["spec"]["template"]["metadata"].get("labels", {})
        if not matches(deployment["spec"]["selector"].get("matchLabels", {}), labels):
            fail(f"{where}: its selector does not match its pod labels")
        if (pod.get("securityContext") or {}).get("runAsNonRoot") is not True:
            fail(f"{where}: the pod does not set runAsNonRoot: true")
        for container in containers_of(deployment):
            here = f"{where} container {container['name']}"
            ports = {p.get("name") for p in container.get("ports", [])} | {
                p["containerPort"] for p in container.get("ports", [])}
            for probe in ("livenessProbe", "readinessProbe"):
                spec = container.get(probe)
                if not spec:
                    fail(f"{here}: no {probe}")
                    continue
                for handler in ("httpGet", "tcpSocket"):
                    if handler in spec and spec[handler]["port"] not in ports:
                        fail(f"{here}: {probe} port {spec[handler]['port']} is not a container port")
            resources = container.get("resources", {})
            for bound in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    if resource not in resources.get(bound, {}):
                        fail(f"{here}: no {resource} in resources.{bound}")
            security = container.get("securityContext", {})
            if security.get("readOnlyRootFilesystem") is not True:
                fail(f"{here}: the root filesystem is not read-only")
            if security.get("allowPrivilegeEscalation") is not False:
                fail(f"{here}: allowPrivilegeEscalation is not false")
            env = container.get("env", [])
            binary = (container.get("args") or container.get("command") or [None])[0]
            if binary in RUST_SERVICES:
                check_variables(here, binary, [e["name"] for e in env])
            for variable in env:
                source = variable.get("valueFrom", {})
                if "configMapKeyRef" in source:
                    ref = source["configMapKeyRef"]
                    if ref["key"] not in config_maps.get(ref["name"], {}):
                        fail(f"{here}: {variable['name']} refers to {ref['name']}/{ref['key']}, "
                             "which no ConfigMap here has")
                if "secretKeyRef" in source:
                    ref = source["secretKeyRef"]
                    if f"`{ref['name']}`" not in secrets_doc or f"`{ref['key']}`" not in secrets_doc:
                        fail(f"{here}: Secret key {ref['name']}/{ref['key']} is not documented "
                             "in deploy/README.md's Kubernetes section")

    def workload(selector: dict) -> tuple[str, dict] | None:
        for file, deployment in deployments:
            if matches(selector, deployment["spec"]["template"]["metadata"].get("labels", {})):
                return file, deployment
        return None

    services: dict[str, dict] = {}
    for file, service in by_kind.get("Service", []):
        name = service["metadata"]["name"]
        services[name] = service
        target = workload(service["spec"].get("selector", {}))
        if target is None:
            fail(f"{file} Service/{name}: its selector matches no Deployment's pods")
            continue
        ports = set()
        for container in containers_of(target[1]):
            for port in container.get("ports", []):
                ports |= {port.get("name"), port["containerPort"]}
        for port in service["spec"]["ports"]:
            if port.get("targetPort", port["port"]) not in ports:
                fail(f"{file} Service/{name}: targetPort {port.get('targetPort')} is not a port of "
                     f"Deployment/{target[1]['metadata']['name']}")
    for file, budget in by_kind.get("PodDisruptionBudget", []):
        if workload(budget["spec"]["selector"].get("matchLabels", {})) is None:
            fail(f"{file} PodDisruptionBudget/{budget['metadata']['name']}: selects no pods")
    for file, policy in by_kind.get("NetworkPolicy", []):
        name = policy["metadata"]["name"]
        selector = policy["spec"]["podSelector"].get("matchLabels", {})
        # An empty selector is every pod of the namespace (the default deny); any other must find
        # pods, and so must each peer it admits, or the policy silently shuts a caller out.
        if selector and workload(selector) is None:
            fail(f"{file} NetworkPolicy/{name}: selects no pods")
        for rule in policy["spec"].get("ingress", []):
            for peer in rule.get("from", []):
                labels = peer.get("podSelector", {}).get("matchLabels")
                if labels and workload(labels) is None:
                    fail(f"{file} NetworkPolicy/{name}: admits pods labelled {labels}, which no "
                         "Deployment has")
    deployment_names = {d["metadata"]["name"] for _, d in deployments}
    for file, hpa in by_kind.get("HorizontalPodAutoscaler", []):
        ref = hpa["spec"]["scaleTargetRef"]
        if ref["kind"] != "Deployment" or ref["name"] not in deployment_names:
            fail(f"{file} HorizontalPodAutoscaler/{hpa['metadata']['name']}: no {ref['kind']}/{ref['name']}")

    for upstream, host, port in upstream_servers("edge.Dockerfile", edge_image_values(deploy), upstreams):
        service = services.get(host)
        if service is None:
            fail(f"nginx.conf: upstream {upstream} names {host}, which is no Kubernetes Service")
        elif port not in {p["port"] for p in service["spec"]["ports"]}:
            fail(f"nginx.conf: upstream {upstream} uses {host}:{port}, a port Service/{host} lacks")

    shipped = json.loads((deploy / "centrifugo.json").read_text())
    mounted = config_maps.get("centrifugo-config", {}).get("config.json")
    if mounted is None:
        fail("kubernetes: no ConfigMap centrifugo-config with config.json")
    elif json.loads(mounted) != shipped:
        fail("kubernetes: ConfigMap centrifugo-config's config.json differs from deploy/centrifugo.json")


def main() -> int:
    deploy = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "deploy"
    upstreams = nginx_upstreams(deploy)
    check_compose(deploy, upstreams)
    check_kubernetes(deploy, upstreams)
    for message in errors:
        print(f"  {message}", file=sys.stderr)
    if errors:
        print(f"{len(errors)} problem(s) in {deploy}", file=sys.stderr)
        return 1
    print(f"cross-checks: {deploy} agrees with the code and with itself")
    return 0


if __name__ == "__main__":
    sys.exit(main())

//! The processes of the topology: each service binary with its environment and log file, and nginx
//! with `deploy/nginx.conf` rendered by envsubst as a deployment renders it.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use tokio::process::{Child, Command};

/// A free loopback port: bound, then released for the service to take.
pub fn free_address() -> anyhow::Result<SocketAddr> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?)
}

pub struct Service {
    pub name: String,
    pub address: SocketAddr,
    program: PathBuf,
    env: Vec<(String, String)>,
    pub log: PathBuf,
    child: Option<Child>,
}

impl Service {
    pub fn new(
        name: &str,
        program: PathBuf,
        address: SocketAddr,
        env: Vec<(&str, String)>,
        logs: &Path,
    ) -> Self {
        Self {
            name: name.to_owned(),
            address,
            program,
            env: env.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            log: logs.join(format!("{name}.log")),
            child: None,
        }
    }

    /// Starts the process (its output appended to its log) and waits until `/readyz` answers 200.
    pub async fn start(&mut self, client: &reqwest::Client) -> anyhow::Result<()> {
        let log = std::fs::File::options()
            .create(true)
            .append(true)
            .open(&self.log)?;
        // Nothing of the caller's environment leaks in (a stray DATABASE_URL or RUST_LOG): the
        // service gets exactly what the deployment would give it.
        let child = Command::new(&self.program)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("LOG_FORMAT", "json")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("cannot start {}", self.program.display()))?;
        self.child = Some(child);
        let url = format!("http://{}/readyz", self.address);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(child) = self.child.as_mut()
                && let Some(status) = child.try_wait()?
            {
                bail!(
                    "{} exited at start-up ({status}); see {}",
                    self.name,
                    self.log.display()
                );
            }
            if let Ok(response) = client.get(&url).send().await
                && response.status().is_success()
            {
                return Ok(());
            }
            ensure!(
                Instant::now() < deadline,
                "{} was not ready within 60 s; see {}",
                self.name,
                self.log.display()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGTERM, as a rolling deploy stops a process: it finishes what it holds, then exits.
    pub async fn terminate(&mut self) -> anyhow::Result<()> {
        if let Some(mut child) = self.child.take() {
            if let Some(pid) = child.id() {
                sigterm(&pid.to_string())?;
            }
            tokio::time::timeout(Duration::from_secs(30), child.wait())
                .await
                .with_context(|| format!("{} did not stop within 30 s of SIGTERM", self.name))??;
        }
        Ok(())
    }

    /// SIGKILL: the process gets no chance to finish anything.
    pub async fn kill(&mut self) -> anyhow::Result<()> {
        if let Some(mut child) = self.child.take() {
            child.start_kill()?;
            child.wait().await?;
        }
        Ok(())
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

/// The variables `deploy/nginx.conf` is rendered with (its header lists them).
pub struct NginxVars {
    pub listen: SocketAddr,
    pub html: PathBuf,
    pub access_log: PathBuf,
    pub auth_service: Vec<SocketAddr>,
    pub platform: Vec<SocketAddr>,
    pub centrifugo: Vec<SocketAddr>,
    pub bot: Vec<SocketAddr>,
}

pub struct Nginx {
    pub address: SocketAddr,
    pub brotli: bool,
    pub access_log: PathBuf,
    pub error_log: PathBuf,
    pid_file: PathBuf,
    child: Option<Child>,
}

impl Nginx {
    /// Renders `deploy/nginx.conf` into `dir` with envsubst (only the listed names, so nginx's own
    /// `$variables` stay), puts the files it includes beside it, and starts Debian's nginx on it.
    pub async fn start(deploy: &Path, dir: &Path, vars: NginxVars) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let servers = |addresses: &[SocketAddr]| {
            addresses
                .iter()
                .map(|a| format!("server {a};"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let env = [
            ("NGINX_LISTEN", vars.listen.to_string()),
            ("NGINX_HTML", vars.html.display().to_string()),
            ("NGINX_ACCESS_LOG", vars.access_log.display().to_string()),
            ("AUTH_SERVICE_SERVERS", servers(&vars.auth_service)),
            ("PLATFORM_SERVERS", servers(&vars.platform)),
            ("CENTRIFUGO_SERVERS", servers(&vars.centrifugo)),
            ("BOT_SERVERS", servers(&vars.bot)),
        ];
        let names: Vec<String> = env.iter().map(|(k, _)| format!("${{{k}}}")).collect();
        let template = std::fs::File::open(deploy.join("nginx.conf"))?;
        let rendered = Command::new("envsubst")
            .arg(names.join(" "))
            .env_clear()
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::from(template))
            .output()
            .await
            .context("envsubst (Debian's gettext-base)")?;
        ensure!(rendered.status.success(), "envsubst failed");
        let config = String::from_utf8(rendered.stdout)?;
        ensure!(
            !config.contains("${"),
            "deploy/nginx.conf uses a variable the test does not set"
        );
        std::fs::write(dir.join("nginx.conf"), &config)?;
        std::os::unix::fs::symlink("/etc/nginx/mime.types", dir.join("mime.types"))?;
        std::os::unix::fs::symlink(
            deploy.join("security-headers.conf").canonicalize()?,
            dir.join("security-headers.conf"),
        )?;
        // Brotli where Debian's module is installed, as the header of nginx.conf describes.
        let modules = Path::new("/etc/nginx/modules-enabled");
        let brotli = std::fs::read_dir(modules)
            .map(|entries| {
                entries
                    .flatten()
                    .any(|e| e.file_name().to_string_lossy().contains("brotli-static"))
            })
            .unwrap_or(false);
        if brotli {
            std::os::unix::fs::symlink(modules, dir.join("modules-enabled"))?;
            std::os::unix::fs::symlink(
                deploy.join("brotli-static.conf").canonicalize()?,
                dir.join("brotli-static.conf"),
            )?;
        }
        let pid_file = dir.join("nginx.pid");
        let error_log = dir.join("error.log");
        let conf = dir.join("nginx.conf");
        // Started by root (as CI is), nginx's workers would switch to Debian's www-data, which cannot
        // read a checkout under a private folder (a `mktemp -d` clone is 0700): they stay root here.
        let as_root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .map(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
            .unwrap_or(false);
        let globals = format!(
            "daemon off; pid {};{}",
            pid_file.display(),
            if as_root { " user root;" } else { "" }
        );
        // The rendered file, its error log and the process settings, for the check and the run.
        let nginx_with_config = || {
            let mut command = Command::new("nginx");
            command
                .arg("-c")
                .arg(&conf)
                .arg("-e")
                .arg(&error_log)
                .arg("-g")
                .arg(&globals);
            command
        };
        let test = nginx_with_config()
            .arg("-t")
            .arg("-q")
            .output()
            .await
            .context("nginx (Debian's package)")?;
        ensure!(
            test.status.success(),
            "nginx -t refused the rendered config: {}",
            String::from_utf8_lossy(&test.stderr)
        );
        let child = nginx_with_config().stdin(Stdio::null()).spawn()?;
        let nginx = Self {
            address: vars.listen,
            brotli,
            access_log: vars.access_log,
            error_log,
            pid_file,
            child: Some(child),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while tokio::net::TcpStream::connect(nginx.address).await.is_err() {
            ensure!(
                Instant::now() < deadline,
                "nginx did not listen within 20 s; see {}",
                nginx.error_log.display()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(nginx)
    }

    pub fn access_log_text(&self) -> String {
        std::fs::read_to_string(&self.access_log).unwrap_or_default()
    }

    /// nginx's fast shutdown (SIGTERM to the master, which stops its workers; a SIGKILL would
    /// leave the workers serving), then waits for it.
    pub async fn stop(&mut self) {
        self.terminate();
        if let Some(mut child) = self.child.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), child.wait()).await;
        }
    }

    fn terminate(&self) {
        if self.child.is_some()
            && let Ok(pid) = std::fs::read_to_string(&self.pid_file)
        {
            let _ = sigterm(pid.trim());
        }
    }
}

/// SIGTERM to a process by its id (the `kill` command: the crate forbids unsafe code).
fn sigterm(pid: &str) -> std::io::Result<std::process::ExitStatus> {
    std::process::Command::new("kill")
        .arg("-TERM")
        .arg(pid)
        .status()
}

impl Drop for Nginx {
    /// On an early return or a panic; `scripts/test-topology.sh` also stops it by its pid file.
    fn drop(&mut self) {
        self.terminate();
    }
}

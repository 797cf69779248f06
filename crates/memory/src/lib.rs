#![doc = include_str!("../README.md")]

use std::fmt;
use std::path::{Path, PathBuf};

/// Which limit decides how much more the process may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The machine's available memory (`MemAvailable`).
    Available,
    /// The memory cgroup's limit, less what the group uses (its file pages not used lately
    /// aside: the kernel takes them back first).
    Cgroup,
    /// The address-space limit (`ulimit -v`), less what the process has mapped.
    AddressSpace,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Available => "the memory available on this machine (MemAvailable)",
            Limit::Cgroup => "the memory cgroup's limit",
            Limit::AddressSpace => "the address-space limit (ulimit -v)",
        })
    }
}

/// How much more the process may take, and the limit that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes.
    pub allowed: u64,
    /// The limit that decides.
    pub limit: Limit,
}

/// A request refused by [`admit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Bytes asked for.
    pub needed: u64,
    /// Bytes the process may still take.
    pub allowed: u64,
    /// The limit that decides.
    pub limit: Limit,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "needs {} of memory, but {} allows {}",
            gib(self.needed),
            self.limit,
            gib(self.allowed)
        )
    }
}

impl std::error::Error for Refusal {}

/// Bytes as GiB with two decimals (MiB below one GiB).
fn gib(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.2} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

/// The smallest of the limits the system tells, or `None` when it tells none.
pub fn budget() -> Option<Budget> {
    [
        available().map(|allowed| Budget {
            allowed,
            limit: Limit::Available,
        }),
        cgroup_room().map(|allowed| Budget {
            allowed,
            limit: Limit::Cgroup,
        }),
        address_space_room().map(|allowed| Budget {
            allowed,
            limit: Limit::AddressSpace,
        }),
    ]
    .into_iter()
    .flatten()
    .min_by_key(|b| b.allowed)
}

/// Admits a request of `needed` bytes, or refuses it with the figures.
///
/// # Errors
/// A [`Refusal`] when some limit leaves less than `needed`.
pub fn admit(needed: u64) -> Result<(), Refusal> {
    match budget() {
        Some(Budget { allowed, limit }) if allowed < needed => Err(Refusal {
            needed,
            allowed,
            limit,
        }),
        _ => Ok(()),
    }
}

/// The machine's available memory in bytes (`MemAvailable`).
pub fn available() -> Option<u64> {
    kib_field(
        &std::fs::read_to_string("/proc/meminfo").ok()?,
        "MemAvailable:",
    )
}

/// The process's peak resident memory in bytes (`VmHWM`).
pub fn peak_resident() -> Option<u64> {
    kib_field(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmHWM:",
    )
}

/// The figure in kB after `key` in a `/proc` text, in bytes.
fn kib_field(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// What the memory cgroup leaves: its limit less its usage, for v2 and v1; `None` without a
/// limit.
fn cgroup_room() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    cgroup_files(&groups, Path::new("/sys/fs/cgroup"))
        .into_iter()
        .find_map(|(limit, usage)| {
            let stat = usage.with_file_name("memory.stat");
            let limit = read_number(&limit)?;
            let usage = read_number(&usage).unwrap_or(0);
            let idle = std::fs::read_to_string(stat).map_or(0, |stat| idle_file_bytes(&stat));
            // v1 writes "no limit" as a huge number rounded to a page.
            (limit < 1 << 60).then(|| limit.saturating_sub(usage.saturating_sub(idle)))
        })
}

/// The bytes of file pages not used lately in a cgroup's `memory.stat` text (`inactive_file`
/// in v2, `total_inactive_file` in v1, its subgroups counted): the group's usage counts them,
/// but the kernel takes them back first, so they are room (a run started after another in
/// the same group would otherwise find the last one's cache in the way).
fn idle_file_bytes(stat: &str) -> u64 {
    let field = |key: &str| {
        stat.lines().find_map(|line| {
            let (name, value) = line.split_once(' ')?;
            (name == key).then(|| value.trim().parse().ok())?
        })
    };
    field("total_inactive_file")
        .or_else(|| field("inactive_file"))
        .unwrap_or(0)
}

/// The limit and usage files of the memory cgroups named in `/proc/self/cgroup`'s text
/// (`groups`), below `root`: v2 (`0::/path`) then v1 (`N:memory:/path`).
fn cgroup_files(groups: &str, root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut files = Vec::new();
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let path = path.trim_start_matches('/');
        if controllers.is_empty() {
            for base in [root.to_path_buf(), root.join("unified")] {
                let dir = base.join(path);
                files.push((dir.join("memory.max"), dir.join("memory.current")));
            }
        } else if controllers.split(',').any(|c| c == "memory") {
            let dir = root.join("memory").join(path);
            files.push((
                dir.join("memory.limit_in_bytes"),
                dir.join("memory.usage_in_bytes"),
            ));
        }
    }
    files
}

/// A file holding one number (`max` is no number).
fn read_number(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// What `ulimit -v` leaves: the soft limit of the address space less what is mapped.
fn address_space_room() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let limit = address_space_limit(&limits)?;
    let mapped = kib_field(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmSize:",
    )?;
    Some(limit.saturating_sub(mapped))
}

/// The soft address-space limit in `/proc/self/limits`' text, `None` when unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

#[cfg(test)]
mod tests;

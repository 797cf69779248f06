//! [`Cgroup`]: a memory cgroup of this process's own (v2 where the memory controller is there,
//! else v1), for the runs of `faults` and `bench disk` that must see less memory (root only).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A memory cgroup limited to some bytes, removed on drop.
pub struct Cgroup(PathBuf);

impl Cgroup {
    /// A group named after `purpose` and this process, limited to `bytes`.
    pub fn create(purpose: &str, bytes: u64) -> Result<Self, String> {
        let name = format!("xtask-{purpose}-{}", std::process::id());
        let v2 = Path::new("/sys/fs/cgroup/cgroup.controllers");
        let v2_memory = std::fs::read_to_string(v2).is_ok_and(|c| c.contains("memory"));
        let (dir, limit) = if v2_memory {
            (Path::new("/sys/fs/cgroup").join(&name), "memory.max")
        } else {
            (
                Path::new("/sys/fs/cgroup/memory").join(&name),
                "memory.limit_in_bytes",
            )
        };
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let group = Self(dir);
        std::fs::write(group.0.join(limit), bytes.to_string())
            .map_err(|e| format!("{}: {e}", group.0.join(limit).display()))?;
        Ok(group)
    }

    /// `program args` to run inside the group: a shell joins it, then becomes the program.
    pub fn command(&self, program: &Path, args: &[String]) -> Command {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg("echo $$ > \"$1\" && shift && exec \"$0\" \"$@\"")
            .arg(program)
            .arg(self.0.join("cgroup.procs"))
            .args(args);
        command
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.0);
    }
}

//! Where things are: the workspace root, its target folder, a release binary, and cargo. Every
//! command finds them here, one way.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root (the parent of this crate's folder). `cargo xtask` sets
/// `CARGO_MANIFEST_DIR` when it runs us, which is read first: the folder baked in at compile
/// time is another clone's when two clones share a target folder.
pub fn root() -> PathBuf {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest_dir
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

/// Cargo, as the one running us (`CARGO`) or from the path, in the workspace root.
pub fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(root());
    command
}

/// The workspace's target folder, as cargo resolves it: `CARGO_TARGET_DIR`, a `build.target-dir`
/// in a cargo configuration, or `target/` in the root (asked of `cargo metadata` once).
pub fn target_dir() -> PathBuf {
    static TARGET: OnceLock<PathBuf> = OnceLock::new();
    TARGET
        .get_or_init(|| {
            if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
                // Relative to where cargo was run, as cargo reads it.
                return std::path::absolute(&dir).unwrap_or_else(|_| dir.into());
            }
            metadata_target_dir().unwrap_or_else(|| root().join("target"))
        })
        .clone()
}

/// The `target_directory` of `cargo metadata`, if cargo answers.
fn metadata_target_dir() -> Option<PathBuf> {
    let output = cargo()
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    target_directory(&text)
}

/// The `"target_directory"` string of `cargo metadata`'s JSON.
fn target_directory(json: &str) -> Option<PathBuf> {
    let key = "\"target_directory\":\"";
    let start = json.find(key)? + key.len();
    let mut path = String::new();
    let mut chars = json[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(PathBuf::from(path)),
            '\\' => match chars.next()? {
                'n' => path.push('\n'),
                't' => path.push('\t'),
                'u' => {
                    let code: String = chars.by_ref().take(4).collect();
                    path.push(char::from_u32(u32::from_str_radix(&code, 16).ok()?)?);
                }
                other => path.push(other),
            },
            c => path.push(c),
        }
    }
    None
}

/// The release build of the binary `name` in the target folder.
pub fn release_binary(name: &str) -> PathBuf {
    target_dir()
        .join("release")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

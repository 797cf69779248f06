//! Two network namespaces joined by a veth pair, for processes of a spread search that talk
//! over a link the runs can take down. Needs root (`ip netns`, `ip link`); removed on drop.

use std::process::Command;

/// Namespaces `a` and `b` with addresses 10.77.0.1 and 10.77.0.2 on the two ends of a veth
/// pair.
pub struct Namespaces {
    /// The namespaces' names.
    pub names: [String; 2],
    /// The veth ends, one in each namespace.
    links: [String; 2],
}

impl Namespaces {
    /// The addresses of the two ends.
    pub const ADDRESSES: [&'static str; 2] = ["10.77.0.1", "10.77.0.2"];

    /// Creates the namespaces and the link, up.
    ///
    /// # Errors
    /// The failing `ip` command and what it said (not root, no `ip`, no namespaces).
    pub fn create() -> Result<Self, String> {
        let id = std::process::id() % 100_000;
        let names = [format!("xtask-{id}-a"), format!("xtask-{id}-b")];
        let links = [format!("xt{id}a"), format!("xt{id}b")];
        let namespaces = Self { names, links };
        let [a, b] = &namespaces.names;
        let [la, lb] = &namespaces.links;
        ip(&["netns", "add", a])?;
        ip(&["netns", "add", b])?;
        ip(&["link", "add", la, "type", "veth", "peer", "name", lb])?;
        for (i, (ns, link)) in [(a, la), (b, lb)].into_iter().enumerate() {
            ip(&["link", "set", link, "netns", ns])?;
            let address = format!("{}/24", Self::ADDRESSES[i]);
            ip(&["-n", ns, "addr", "add", &address, "dev", link])?;
            ip(&["-n", ns, "link", "set", link, "up"])?;
            ip(&["-n", ns, "link", "set", "lo", "up"])?;
        }
        Ok(namespaces)
    }

    /// Takes namespace `i`'s end of the link down or up.
    pub fn link(&self, i: usize, up: bool) -> Result<(), String> {
        let state = if up { "up" } else { "down" };
        ip(&["-n", &self.names[i], "link", "set", &self.links[i], state])
    }
}

impl Drop for Namespaces {
    /// Deleting the namespaces deletes the veth pair with them.
    fn drop(&mut self) {
        for name in &self.names {
            let _ = ip(&["netns", "del", name]);
        }
    }
}

/// Runs `ip args`.
fn ip(args: &[&str]) -> Result<(), String> {
    let output = Command::new("ip")
        .args(args)
        .output()
        .map_err(|e| format!("ip: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

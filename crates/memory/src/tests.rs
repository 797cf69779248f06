//! The readers of each limit, on texts in the kernel's formats.

use std::path::{Path, PathBuf};

use super::{Limit, Refusal, address_space_limit, cgroup_files, idle_file_bytes, kib_field};

#[test]
fn proc_fields_are_kib() {
    let meminfo = "MemTotal:       24000000 kB\nMemAvailable:   12000000 kB\n";
    assert_eq!(kib_field(meminfo, "MemAvailable:"), Some(12_000_000 * 1024));
    assert_eq!(kib_field(meminfo, "VmHWM:"), None);
}

#[test]
fn the_address_space_limit_is_the_soft_one() {
    let unlimited = "Limit                     Soft Limit           Hard Limit           Units\nMax address space         unlimited            unlimited            bytes\n";
    assert_eq!(address_space_limit(unlimited), None);
    let limited = "Max address space         3072000000           unlimited            bytes\n";
    assert_eq!(address_space_limit(limited), Some(3_072_000_000));
}

#[test]
fn cgroup_files_for_v2_and_v1() {
    let root = Path::new("/sys/fs/cgroup");
    let v2 = cgroup_files("0::/user.slice/run\n", root);
    assert_eq!(
        v2[0],
        (
            PathBuf::from("/sys/fs/cgroup/user.slice/run/memory.max"),
            PathBuf::from("/sys/fs/cgroup/user.slice/run/memory.current")
        )
    );
    let v1 = cgroup_files("4:memory:/jobs/a\n3:cpu:/\n", root);
    assert_eq!(
        v1,
        [(
            PathBuf::from("/sys/fs/cgroup/memory/jobs/a/memory.limit_in_bytes"),
            PathBuf::from("/sys/fs/cgroup/memory/jobs/a/memory.usage_in_bytes")
        )]
    );
}

#[test]
fn a_refusal_says_the_figures_and_the_limit() {
    let refusal = Refusal {
        needed: 11 << 30,
        allowed: 3 << 30,
        limit: Limit::AddressSpace,
    };
    assert_eq!(
        refusal.to_string(),
        "needs 11.00 GiB of memory, but the address-space limit (ulimit -v) allows 3.00 GiB"
    );
}

#[test]
fn idle_file_pages_are_read_from_either_version() {
    let v1 = "cache 370401280\nrss 525918208\ninactive_file 1000\ntotal_rss 525918208\ntotal_inactive_file 86016\n";
    assert_eq!(idle_file_bytes(v1), 86016);
    let v2 = "anon 525918208\nfile 370401280\nactive_file 28672\ninactive_file 4096\n";
    assert_eq!(idle_file_bytes(v2), 4096);
    assert_eq!(idle_file_bytes("anon 5\n"), 0);
}

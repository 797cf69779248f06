//! The private mapping of a table larger than memory: mapped, changed, written back.

use std::sync::atomic::Ordering;

use super::Private;

/// A table larger than the machine's memory maps (the file is sparse: no disk is used),
/// and a page changed and written back is read back from the file.
#[test]
fn a_table_larger_than_memory_maps_and_writes_back() {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap();
    let total_kib: u64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    let bytes = (total_kib << 10) + (1 << 30);
    let path = std::env::temp_dir().join(format!("private-map-{}", std::process::id()));
    let file = std::fs::File::options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&path)
        .unwrap();
    file.set_len(bytes).unwrap();
    let words = (bytes / 8) as usize;
    let table = Private::new(&file, words).unwrap();
    let last = words - 1;
    table.mark(last);
    table.words()[last].store(0xfeed, Ordering::Relaxed);
    assert_eq!(table.changed_pages(), 1);
    table.write_back_all().unwrap();
    assert_eq!(table.changed_pages(), 0);
    assert_eq!(table.words()[last].load(Ordering::Relaxed), 0xfeed);
    let mut word = [0u8; 8];
    std::os::unix::fs::FileExt::read_exact_at(&file, &mut word, last as u64 * 8).unwrap();
    assert_eq!(u64::from_le_bytes(word), 0xfeed);
    drop(table);
    std::fs::remove_file(&path).unwrap();
}

//! The file exists whole or not at all, the checksum is the CRC-32 of the summed bytes.

use std::path::PathBuf;

use super::AtomicFile;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("atomic-file-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn commit_writes_the_whole_file_and_its_checksum() {
    let dir = scratch("commit");
    let path = dir.join("table");
    let mut file = AtomicFile::create(&path, false).unwrap();
    file.write_plain(&[0; 4]).unwrap();
    file.write_summed(b"abc").unwrap();
    file.write_words([0x0102_0304_0506_0708]).unwrap();
    assert!(!path.exists(), "nothing at the path before the commit");
    file.commit(Some(0)).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let mut expected = crc32fast::Hasher::new();
    expected.update(b"abc");
    expected.update(&0x0102_0304_0506_0708u64.to_le_bytes());
    assert_eq!(bytes[..4], expected.finalize().to_le_bytes());
    assert_eq!(&bytes[4..7], b"abc");
    assert_eq!(bytes.len(), 4 + 3 + 8);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dropped_file_leaves_the_old_one_and_no_temporary() {
    let dir = scratch("drop");
    let path = dir.join("table");
    std::fs::write(&path, b"old").unwrap();
    assert_eq!(
        AtomicFile::create(&path, false).unwrap_err().kind(),
        std::io::ErrorKind::AlreadyExists
    );
    let mut file = AtomicFile::create(&path, true).unwrap();
    file.write_summed(b"new contents").unwrap();
    let partial = file.partial_path().to_path_buf();
    assert!(partial.exists());
    drop(file);
    assert!(!partial.exists());
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replace_swaps_the_contents() {
    let dir = scratch("replace");
    let path = dir.join("table");
    std::fs::write(&path, b"old").unwrap();
    let mut file = AtomicFile::create(&path, true).unwrap();
    file.write_plain(b"new").unwrap();
    file.commit(None).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    std::fs::remove_dir_all(&dir).unwrap();
}

//! `WordFile`: its fill, writes and removal, a file of its name replaced, and the refusals of
//! a disk without room and of a missing folder.

use super::*;

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("word-file-{name}-{}", std::process::id()))
}

#[test]
fn a_word_file_holds_its_fill_takes_writes_and_is_removed_when_dropped() {
    let path = scratch("fill");
    let mut words = WordFile::create(&path, 100_000, 0x0123_4567_89ab_cdef).unwrap();
    assert_eq!(words.len(), 100_000);
    assert!(words.iter().all(|&w| w == 0x0123_4567_89ab_cdef));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 800_000);
    for (i, w) in words.iter_mut().enumerate().step_by(777) {
        *w = i as u64;
    }
    assert!(words.iter().enumerate().all(|(i, &w)| w
        == if i % 777 == 0 {
            i as u64
        } else {
            0x0123_4567_89ab_cdef
        }));
    assert_eq!(words.path(), path);
    drop(words);
    assert!(!path.exists());
}

#[test]
fn a_word_file_replaces_a_file_of_its_name_and_may_be_empty() {
    let path = scratch("replace");
    std::fs::write(&path, vec![0u8; 4096]).unwrap();
    let words = WordFile::create(&path, 3, u64::MAX).unwrap();
    assert_eq!(&words[..], [u64::MAX; 3]);
    drop(words);
    let empty = WordFile::create(&path, 0, 0).unwrap();
    assert!(empty.is_empty());
    drop(empty);
    assert!(!path.exists());
}

#[test]
fn a_word_file_larger_than_the_disk_is_refused_before_anything_is_written() {
    let path = scratch("room");
    let free = free_bytes(&std::env::temp_dir()).expect("the system says");
    let words = (free / 8 + (1 << 30)) as usize;
    let Err(error) = WordFile::create(&path, words, 0) else {
        panic!("a file larger than the disk was made")
    };
    assert!(matches!(error, DiskError::Room { needed, .. } if needed == words as u64 * 8));
    let message = error.to_string();
    assert!(message.contains("not enough room"), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(!path.exists());
}

#[test]
fn a_word_file_in_a_missing_folder_is_an_io_error_naming_it() {
    let path = scratch("missing").join("words");
    let Err(error) = WordFile::create(&path, 8, 0) else {
        panic!("a file was made in a missing folder")
    };
    assert!(
        matches!(&error, DiskError::Io { path: p, .. } if *p == path),
        "{error}"
    );
}

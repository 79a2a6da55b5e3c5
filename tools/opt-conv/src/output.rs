//! Writing the `-o` file.
//!
//! A regular file is never left half-written: the text goes to a temporary
//! file in the same directory, which is then renamed over the target. A
//! rename must never be used on anything else, though. Renaming over
//! `/dev/null` (`opt-conv ... -o /dev/null`, as people run `opt`) would
//! replace the device with a regular file and break every other program
//! on the machine that discards output there; renaming over a symlink
//! would replace the link instead of writing where it points. So:
//! - an existing non-regular file (device, FIFO, socket) is written
//!   directly, like `opt` does: there is nothing to leave half-written;
//! - a symlink is resolved, and its target is replaced atomically;
//! - a replaced file keeps its permissions, and a new file gets the usual
//!   `0666 & !umask` (not the 0600 of a temporary file).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` as described in the module documentation.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // `fs::metadata` follows symlinks: this classifies what the path names.
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory")),
        Ok(meta) if !meta.is_file() => write_in_place(path, bytes),
        Ok(meta) => replace_regular(&fs::canonicalize(path)?, bytes, Some(meta.permissions())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // A dangling symlink: create the file it names, as `open` would.
            let target = match fs::read_link(path) {
                Ok(link) => path.parent().map_or(link.clone(), |dir| dir.join(link)),
                Err(_) => path.to_path_buf(),
            };
            replace_regular(&target, bytes, None)
        }
        Err(e) => Err(e),
    }
}

fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = fs::OpenOptions::new().write(true).open(path)?;
    f.write_all(bytes)?;
    f.flush()
}

fn replace_regular(target: &Path, bytes: &[u8], keep: Option<fs::Permissions>) -> io::Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".opt-conv-");
    #[cfg(unix)]
    if keep.is_none() {
        // Passed to open(2), so the umask applies, as for any new file.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    if let Some(perms) = keep {
        // Set explicitly: the umask must not narrow an existing file's mode.
        tmp.as_file().set_permissions(perms)?;
    }
    tmp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

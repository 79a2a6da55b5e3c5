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

/// Writes the output's bytes into the writer it is given.
pub type Produce<'a> = &'a mut dyn FnMut(&mut dyn Write) -> io::Result<()>;

/// Writes `bytes` to `path` as described in the module documentation.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_output_with(path, &mut |w| w.write_all(bytes))
}

/// Writes to `path` what `produce` writes into the writer it is given (a
/// buffered one), as described in the module documentation: a regular file
/// is replaced only once `produce` and every write have succeeded.
pub fn write_output_with(path: &Path, produce: Produce<'_>) -> io::Result<()> {
    // `fs::metadata` follows symlinks: this classifies what the path names.
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory")),
        Ok(meta) if !meta.is_file() => write_in_place(path, produce),
        Ok(meta) => replace_regular(&fs::canonicalize(path)?, produce, Some(meta.permissions())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // A dangling symlink: create the file it names, as `open` would.
            let target = match fs::read_link(path) {
                Ok(link) => path.parent().map_or(link.clone(), |dir| dir.join(link)),
                Err(_) => path.to_path_buf(),
            };
            replace_regular(&target, produce, None)
        }
        Err(e) => Err(e),
    }
}

fn write_in_place(path: &Path, produce: Produce<'_>) -> io::Result<()> {
    let mut f = io::BufWriter::new(fs::OpenOptions::new().write(true).open(path)?);
    produce(&mut f)?;
    f.flush()
}

fn replace_regular(target: &Path, produce: Produce<'_>, keep: Option<fs::Permissions>) -> io::Result<()> {
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
    {
        let mut w = io::BufWriter::new(&mut tmp);
        produce(&mut w)?;
        w.flush()?;
    }
    if let Some(perms) = keep {
        // Set explicitly: the umask must not narrow an existing file's mode.
        tmp.as_file().set_permissions(perms)?;
    }
    tmp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

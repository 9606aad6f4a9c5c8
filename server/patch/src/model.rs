//! A unified diff as values: files, hunks and their lines, with the line numbers the hunk
//! headers state (base side `old_*`, patched side `new_*`).

/// A whole patch: one entry per file it touches, in patch order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Patch {
    pub files: Vec<FilePatch>,
}

/// One file of a patch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilePatch {
    /// The base-side path (`a/` stripped); `None` for `/dev/null` or when no header named it.
    pub old_path: Option<String>,
    /// The patched-side path (`b/` stripped); `None` for `/dev/null` (a deleted file).
    pub new_path: Option<String>,
    /// The patch creates the file (`new file mode`, `--- /dev/null`).
    pub new_file: bool,
    /// The patch deletes the file (`deleted file mode`, `+++ /dev/null`).
    pub deleted: bool,
    /// 1-based line of the header that named the file (for located errors).
    pub header: usize,
    pub hunks: Vec<Hunk>,
}

impl FilePatch {
    /// The path the file has at the base (a rename's old path), else the path it is created at.
    pub fn path(&self) -> Option<&str> {
        self.old_path.as_deref().or(self.new_path.as_deref())
    }

    /// The path the file has after the patch (a deleted file keeps its old path).
    pub fn patched_path(&self) -> Option<&str> {
        self.new_path.as_deref().or(self.old_path.as_deref())
    }
}

/// What a hunk line does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Context,
    Delete,
    Insert,
}

/// One line of a hunk, without its marker and line break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HunkLine {
    pub op: Op,
    pub text: String,
}

/// `@@ -old_start,old_len +new_start,new_len @@` and its lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hunk {
    pub old_start: u32,
    pub old_len: u32,
    pub new_start: u32,
    pub new_len: u32,
    /// 1-based line of the `@@` header in the patch text.
    pub header: usize,
    pub lines: Vec<HunkLine>,
    /// `\ No newline at end of file` after the last base-side line.
    pub old_no_newline: bool,
    /// `\ No newline at end of file` after the last patched-side line.
    pub new_no_newline: bool,
}

impl Hunk {
    /// The base-side text the hunk expects (context and deleted lines).
    pub fn preimage(&self) -> impl Iterator<Item = &str> {
        (self.lines.iter())
            .filter(|l| l.op != Op::Insert)
            .map(|l| l.text.as_str())
    }

    /// Context lines after the last change: none means the hunk ends at the end of the file.
    pub fn trailing_context(&self) -> usize {
        (self.lines.iter().rev())
            .take_while(|l| l.op == Op::Context)
            .count()
    }

    /// Whether the hunk changes anything (a hunk of context only does not).
    pub fn changes(&self) -> bool {
        self.lines.iter().any(|l| l.op != Op::Context)
    }
}

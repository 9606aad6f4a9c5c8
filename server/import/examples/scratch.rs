use readcov_import::replay::{EditOp, FileState};
fn main() {
    let base =
        std::fs::read("/work/shared/data/real/sources/pallets__flask-5014/src/flask/blueprints.py")
            .unwrap();
    let mut f = FileState::new(Some(&base));
    let old = "if \".\" in name:\n            raise ValueError(\"'name' may not contain a dot '.' character.\")";
    let new = "if not name:\n            raise ValueError(\"'name' may not be empty.\")\n        if \".\" in name:\n            raise ValueError(\"'name' may not contain a dot '.' character.\")";
    println!(
        "{:?}",
        f.apply(&EditOp::StrReplace {
            old: old.into(),
            new: new.into()
        })
    );
    for n in 188..204 {
        println!("{n} {:?} {:?}", f.text_at(n), f.map(&[n]));
    }
}

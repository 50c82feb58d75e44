// The migrations are embedded by `sqlx::migrate!`, which cannot tell Cargo about new files on stable
// Rust: without this, a new migration would not reach a build until some source file changed.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}

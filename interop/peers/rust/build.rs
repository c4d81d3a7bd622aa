// Generates Rust code for the interop bootstrap schema and the upstream test schema it imports.
//
// The vectors folder (holding capnp-0.9.2/capnp/test.capnp) comes from the environment variable
// CAPSTAN_VECTORS, which the `build` script sets from its first argument.
//
// capnpc-rust cannot generate code for `List(Capability)` ("List(AnyPointer) is unsupported"),
// which upstream test.capnp uses in exactly one place, `TestListOfAny.capList`, a struct that the
// interop contract never touches. So the schema is compiled from a copy of test.capnp (and the
// files it imports) in OUT_DIR in which that one field is commented out. Type IDs are unchanged:
// the file keeps its explicit @0x... ID and every node ID derives from it and from the names.
// One generated alias that capnpc-rust gets wrong is then patched (see `patch_generic_union`).
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=CAPSTAN_VECTORS");
    println!("cargo:rerun-if-changed=build.rs");
    let vectors = std::env::var("CAPSTAN_VECTORS")
        .expect("CAPSTAN_VECTORS must name the vectors folder (the build script sets it)");
    let upstream = PathBuf::from(vectors).join("capnp-0.9.2");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());

    let schema_dir = manifest.join("../../schema");
    let interop = schema_dir.join("interop.capnp");
    println!("cargo:rerun-if-changed={}", interop.display());

    // The copy: test.capnp edited, every other entry of the upstream capnp/ folder (the files it
    // imports, the testdata/ it embeds) a symbolic link to the original.
    let copy_root = out_dir.join("schema");
    let copy_dir = copy_root.join("capnp");
    if copy_root.exists() {
        std::fs::remove_dir_all(&copy_root).unwrap();
    }
    std::fs::create_dir_all(&copy_dir).unwrap();
    let upstream_capnp = upstream.join("capnp");
    println!("cargo:rerun-if-changed={}", upstream_capnp.display());
    let entries = std::fs::read_dir(&upstream_capnp)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", upstream_capnp.display()));
    for entry in entries {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "test.capnp" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), copy_dir.join(&name)).unwrap();
    }
    let test_src = upstream_capnp.join("test.capnp");
    println!("cargo:rerun-if-changed={}", test_src.display());
    let text = std::fs::read_to_string(&test_src)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", test_src.display()));
    let field = "  capList @0 :List(Capability);";
    assert_eq!(text.matches(field).count(), 1, "test.capnp: TestListOfAny.capList not found");
    let text = text.replace(field, "  # capList @0 :List(Capability);  # unsupported by capnpc-rust");
    std::fs::write(copy_dir.join("test.capnp"), text).unwrap();

    capnpc::CompilerCommand::new()
        .import_path(&copy_root)
        .import_path(&upstream)
        .src_prefix(&schema_dir)
        .src_prefix(&copy_root)
        .file(&interop)
        .file(copy_dir.join("test.capnp"))
        .run()
        .expect("capnp compile failed");

    patch_generic_union(&out_dir.join("capnp/test_capnp.rs"));
}

/// capnpc-rust 0.27 writes the `WhichReader`/`WhichBuilder` aliases of the unnamed union of the
/// generic struct `TestGenerics(Foo, Bar)` without the type parameters they use, which does not
/// compile. This gives those two aliases (and the two `which()` methods of that struct that name
/// them) the parameters `Foo, Bar`. Nothing else in the generated code changes.
fn patch_generic_union(path: &std::path::Path) {
    let code = std::fs::read_to_string(path).unwrap();
    let start = code
        .find("pub mod test_generics { /* Foo,Bar */")
        .expect("generated code: test_generics not found");
    let reader_alias = "pub type WhichReader<'a,> = Which<crate::test_capnp::test_generics::ug::Reader<'a,Foo,Bar>>;";
    let builder_alias = "pub type WhichBuilder<'a,> = Which<crate::test_capnp::test_generics::ug::Builder<'a,Foo,Bar>>;";
    let end = code[start..]
        .find(builder_alias)
        .map(|i| start + i + builder_alias.len())
        .expect("generated code: the broken TestGenerics aliases were not found (capnpc fixed?)");
    let region = &code[start..end];
    assert!(region.contains(reader_alias));
    assert_eq!(region.matches("WhichReader<'a,>").count(), 2);
    assert_eq!(region.matches("WhichBuilder<'a,>").count(), 2);
    let fixed = region
        .replace("WhichReader<'a,>", "WhichReader<'a,Foo,Bar>")
        .replace("WhichBuilder<'a,>", "WhichBuilder<'a,Foo,Bar>");
    let patched = format!("{}{}{}", &code[..start], fixed, &code[end..]);
    std::fs::write(path, patched).unwrap();
}

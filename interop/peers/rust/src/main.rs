//! The Rust (capnproto-rust `capnp-rpc`) RPC interop peer for Capstan.
//!
//! `interop-peer server 127.0.0.1:PORT` serves the bootstrap `Interop` of
//! `interop/schema/interop.capnp`; `interop-peer client 127.0.0.1:PORT [scenario...]` runs the
//! client scenarios of `interop/README.md` against such a server.

#[allow(dead_code, clippy::all, unused_parens, non_camel_case_types, non_snake_case)]
pub mod test_capnp {
    include!(concat!(env!("OUT_DIR"), "/capnp/test_capnp.rs"));
}
#[allow(dead_code, clippy::all, unused_parens, non_camel_case_types, non_snake_case)]
pub mod interop_capnp {
    include!(concat!(env!("OUT_DIR"), "/interop_capnp.rs"));
}

mod client;
mod server;
mod standard;

use std::io::Write;

fn usage() -> ! {
    eprintln!("usage: interop-peer server 127.0.0.1:PORT");
    eprintln!("       interop-peer client 127.0.0.1:PORT [scenario...]");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        usage();
    }
    let addr: std::net::SocketAddr = match args[2].parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bad address {:?}: {e}", args[2]);
            std::process::exit(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let local = tokio::task::LocalSet::new();
    let code = match args[1].as_str() {
        "server" => {
            if args.len() != 3 {
                usage();
            }
            match local.block_on(&runtime, server::serve(addr)) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("server: {e}");
                    1
                }
            }
        }
        "client" => local.block_on(&runtime, client::run(addr, args[3..].to_vec())),
        _ => usage(),
    };
    let _ = std::io::stdout().flush();
    std::process::exit(code);
}

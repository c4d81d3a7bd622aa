//! The server side: one bootstrap `Interop` per connection, and the objects it hands out.

use std::cell::{Cell, RefCell};
use std::io::Write;
use std::net::SocketAddr;
use std::rc::Rc;

use capnp::capability::FromClientHook;
use capnp::Error;
use capnp_rpc::{rpc_twoparty_capnp, twoparty, RpcSystem};
use futures::AsyncReadExt;

use crate::interop_capnp::interop;
use crate::test_capnp::{
    test_call_order, test_extends, test_handle, test_interface, test_more_stuff, test_pipeline,
    test_streaming, test_tail_callee, test_tail_caller,
};

/// The server's live-object count, shared by every connection's bootstrap `Interop` (so objects
/// that a closed connection failed to release would still show in a later connection's count).
type Count = Rc<Cell<u32>>;

/// Held by every counted server object: counts the object in when it is made and out when the
/// object is dropped, i.e. when capnp-rpc has released the last reference to it, local or remote.
struct Live(Count);

impl Live {
    fn new(count: &Count) -> Live {
        count.set(count.get() + 1);
        Live(count.clone())
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.0.set(self.0.get() - 1);
    }
}

fn text(r: capnp::Result<capnp::text::Reader<'_>>) -> capnp::Result<String> {
    r?.to_string()
        .map_err(|e| Error::failed(format!("invalid UTF-8: {e}")))
}

/// Calls `cap.foo(123, true)` and fails unless it returns "foo".
async fn call_foo_expecting_foo(cap: &test_interface::Client) -> Result<(), Error> {
    let mut req = cap.foo_request();
    req.get().set_i(123);
    req.get().set_j(true);
    let resp = req.send().promise.await?;
    let x = text(resp.get()?.get_x())?;
    if x != "foo" {
        return Err(Error::failed(format!("foo(123, true) returned {x:?}, expected \"foo\"")));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Interop (the bootstrap object, not counted)

struct InteropImpl {
    count: Count,
}

impl interop::Server for InteropImpl {
    async fn more_stuff(
        self: Rc<Self>,
        _: interop::MoreStuffParams,
        mut results: interop::MoreStuffResults,
    ) -> Result<(), Error> {
        results.get().set_cap(capnp_rpc::new_client(MoreStuff::new(&self.count)));
        Ok(())
    }

    async fn pipeline(
        self: Rc<Self>,
        _: interop::PipelineParams,
        mut results: interop::PipelineResults,
    ) -> Result<(), Error> {
        results.get().set_cap(capnp_rpc::new_client(Pipeline {
            _live: Live::new(&self.count),
            count: self.count.clone(),
        }));
        Ok(())
    }

    async fn tail_caller(
        self: Rc<Self>,
        _: interop::TailCallerParams,
        mut results: interop::TailCallerResults,
    ) -> Result<(), Error> {
        results.get().set_cap(capnp_rpc::new_client(TailCaller {
            _live: Live::new(&self.count),
        }));
        Ok(())
    }

    async fn tail_callee(
        self: Rc<Self>,
        _: interop::TailCalleeParams,
        mut results: interop::TailCalleeResults,
    ) -> Result<(), Error> {
        results.get().set_cap(capnp_rpc::new_client(TailCallee {
            _live: Live::new(&self.count),
            count: self.count.clone(),
        }));
        Ok(())
    }

    async fn streaming(
        self: Rc<Self>,
        _: interop::StreamingParams,
        mut results: interop::StreamingResults,
    ) -> Result<(), Error> {
        results.get().set_cap(capnp_rpc::new_client(Streaming {
            _live: Live::new(&self.count),
            total_i: Cell::new(0),
            total_j: Cell::new(0),
        }));
        Ok(())
    }

    async fn test_extends(
        self: Rc<Self>,
        _: interop::TestExtendsParams,
        mut results: interop::TestExtendsResults,
    ) -> Result<(), Error> {
        results.get().set_cap(new_extends(&self.count));
        Ok(())
    }

    async fn echo_all_types(
        self: Rc<Self>,
        params: interop::EchoAllTypesParams,
        mut results: interop::EchoAllTypesResults,
    ) -> Result<(), Error> {
        results.get().set_value(params.get()?.get_value()?)
    }

    async fn live_objects(
        self: Rc<Self>,
        _: interop::LiveObjectsParams,
        mut results: interop::LiveObjectsResults,
    ) -> Result<(), Error> {
        results.get().set_count(self.count.get());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// TestExtends

struct Extends {
    _live: Live,
}

fn new_extends(count: &Count) -> test_extends::Client {
    capnp_rpc::new_client(Extends {
        _live: Live::new(count),
    })
}

impl test_interface::Server for Extends {
    async fn foo(
        self: Rc<Self>,
        params: test_interface::FooParams,
        mut results: test_interface::FooResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        if p.get_i() != 321 || p.get_j() {
            return Err(Error::failed(format!(
                "TestExtends.foo expects (321, false), got ({}, {})",
                p.get_i(),
                p.get_j()
            )));
        }
        results.get().set_x("bar");
        Ok(())
    }
}

impl test_extends::Server for Extends {
    async fn qux(
        self: Rc<Self>,
        _: test_extends::QuxParams,
        _: test_extends::QuxResults,
    ) -> Result<(), Error> {
        Ok(())
    }

    async fn corge(
        self: Rc<Self>,
        params: test_extends::CorgeParams,
        _: test_extends::CorgeResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        let t = text(p.get_text_field())?;
        if p.get_int32_field() != -12345678 || t != "foo" {
            return Err(Error::failed(format!(
                "corge expects int32Field = -12345678 and textField = \"foo\", got {} and {t:?}",
                p.get_int32_field()
            )));
        }
        Ok(())
    }

    async fn grault(
        self: Rc<Self>,
        _: test_extends::GraultParams,
        mut results: test_extends::GraultResults,
    ) -> Result<(), Error> {
        crate::standard::fill(results.get());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// TestPipeline

struct Pipeline {
    _live: Live,
    count: Count,
}

impl test_pipeline::Server for Pipeline {
    async fn get_cap(
        self: Rc<Self>,
        params: test_pipeline::GetCapParams,
        mut results: test_pipeline::GetCapResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        if p.get_n() != 234 {
            return Err(Error::failed(format!("getCap expects n = 234, got {}", p.get_n())));
        }
        let in_cap = p.get_in_cap()?;
        call_foo_expecting_foo(&in_cap).await?;
        let mut r = results.get();
        r.set_s("bar");
        r.init_out_box()
            .set_cap(new_extends(&self.count).cast_to::<test_interface::Client>());
        Ok(())
    }

    async fn get_any_cap(
        self: Rc<Self>,
        params: test_pipeline::GetAnyCapParams,
        mut results: test_pipeline::GetAnyCapResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        if p.get_n() != 234 {
            return Err(Error::failed(format!("getAnyCap expects n = 234, got {}", p.get_n())));
        }
        let in_cap: test_interface::Client = p.get_in_cap().get_as_capability()?;
        call_foo_expecting_foo(&in_cap).await?;
        let mut r = results.get();
        r.set_s("bar");
        r.init_out_box()
            .init_cap()
            .set_as_capability(new_extends(&self.count).into_client_hook());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// TestCallOrder, TestTailCallee, TestTailCaller

struct CallOrder {
    _live: Live,
    calls: Cell<u32>,
}

impl test_call_order::Server for CallOrder {
    async fn get_call_sequence(
        self: Rc<Self>,
        _: test_call_order::GetCallSequenceParams,
        mut results: test_call_order::GetCallSequenceResults,
    ) -> Result<(), Error> {
        let n = self.calls.get();
        self.calls.set(n + 1);
        results.get().set_n(n);
        Ok(())
    }
}

struct TailCallee {
    _live: Live,
    count: Count,
}

impl test_tail_callee::Server for TailCallee {
    async fn foo(
        self: Rc<Self>,
        params: test_tail_callee::FooParams,
        mut results: test_tail_callee::FooResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        let t = text(p.get_t())?;
        let mut r = results.get();
        r.set_i(p.get_i() as u32);
        r.set_t(&t[..]);
        r.set_c(capnp_rpc::new_client(CallOrder {
            _live: Live::new(&self.count),
            calls: Cell::new(0),
        }));
        Ok(())
    }
}

struct TailCaller {
    _live: Live,
}

impl test_tail_caller::Server for TailCaller {
    /// capnp-rpc's public API has no tail call (its `ResultsHook::tail_call` is
    /// `unimplemented!()`), so the callee's results are awaited and copied into ours.
    async fn foo(
        self: Rc<Self>,
        params: test_tail_caller::FooParams,
        mut results: test_tail_caller::FooResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        let callee = p.get_callee()?;
        let mut req = callee.foo_request();
        req.get().set_i(p.get_i());
        req.get().set_t("from TestTailCaller");
        let resp = req.send().promise.await?;
        results.set(resp.get()?)
    }
}

// ---------------------------------------------------------------------------------------------
// TestStreaming

struct Streaming {
    _live: Live,
    total_i: Cell<u32>,
    total_j: Cell<u32>,
}

impl test_streaming::Server for Streaming {
    async fn do_stream_i(
        self: Rc<Self>,
        params: test_streaming::DoStreamIParams,
    ) -> Result<(), Error> {
        let i = params.get()?.get_i();
        self.total_i.set(self.total_i.get().wrapping_add(i));
        Ok(())
    }

    async fn do_stream_j(
        self: Rc<Self>,
        params: test_streaming::DoStreamJParams,
    ) -> Result<(), Error> {
        let j = params.get()?.get_j();
        self.total_j.set(self.total_j.get().wrapping_add(j));
        Ok(())
    }

    async fn finish_stream(
        self: Rc<Self>,
        _: test_streaming::FinishStreamParams,
        mut results: test_streaming::FinishStreamResults,
    ) -> Result<(), Error> {
        let mut r = results.get();
        r.set_total_i(self.total_i.get());
        r.set_total_j(self.total_j.get());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// TestHandle

struct Handle {
    _live: Live,
}

impl test_handle::Server for Handle {}

// ---------------------------------------------------------------------------------------------
// TestMoreStuff

struct MoreStuff {
    _live: Live,
    count: Count,
    calls: Cell<u32>,
    held: RefCell<Option<test_interface::Client>>,
}

impl MoreStuff {
    fn new(count: &Count) -> MoreStuff {
        MoreStuff {
            _live: Live::new(count),
            count: count.clone(),
            calls: Cell::new(0),
            held: RefCell::new(None),
        }
    }

    fn held(&self) -> Option<test_interface::Client> {
        self.held.borrow().clone()
    }
}

impl test_call_order::Server for MoreStuff {
    async fn get_call_sequence(
        self: Rc<Self>,
        _: test_call_order::GetCallSequenceParams,
        mut results: test_call_order::GetCallSequenceResults,
    ) -> Result<(), Error> {
        let n = self.calls.get();
        self.calls.set(n + 1);
        results.get().set_n(n);
        Ok(())
    }
}

impl test_more_stuff::Server for MoreStuff {
    async fn call_foo(
        self: Rc<Self>,
        params: test_more_stuff::CallFooParams,
        mut results: test_more_stuff::CallFooResults,
    ) -> Result<(), Error> {
        let cap = params.get()?.get_cap()?;
        call_foo_expecting_foo(&cap).await?;
        results.get().set_s("bar");
        Ok(())
    }

    async fn call_foo_when_resolved(
        self: Rc<Self>,
        params: test_more_stuff::CallFooWhenResolvedParams,
        mut results: test_more_stuff::CallFooWhenResolvedResults,
    ) -> Result<(), Error> {
        let cap = params.get()?.get_cap()?;
        cap.client.when_resolved().await?;
        call_foo_expecting_foo(&cap).await?;
        results.get().set_s("bar");
        Ok(())
    }

    /// Holds `cap` until the call is canceled: capnp-rpc drops this future when the caller's
    /// `Finish` arrives, which drops `cap` (and the params), releasing it.
    async fn never_return(
        self: Rc<Self>,
        params: test_more_stuff::NeverReturnParams,
        _: test_more_stuff::NeverReturnResults,
    ) -> Result<(), Error> {
        let _cap = params.get()?.get_cap()?;
        futures::future::pending::<()>().await;
        Ok(())
    }

    async fn hold(
        self: Rc<Self>,
        params: test_more_stuff::HoldParams,
        _: test_more_stuff::HoldResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        let new = if p.has_cap() { Some(p.get_cap()?) } else { None };
        let old = self.held.replace(new);
        drop(old);
        Ok(())
    }

    async fn call_held(
        self: Rc<Self>,
        _: test_more_stuff::CallHeldParams,
        mut results: test_more_stuff::CallHeldResults,
    ) -> Result<(), Error> {
        let Some(cap) = self.held() else {
            return Err(Error::failed("callHeld: nothing is held".into()));
        };
        call_foo_expecting_foo(&cap).await?;
        results.get().set_s("bar");
        Ok(())
    }

    async fn get_held(
        self: Rc<Self>,
        _: test_more_stuff::GetHeldParams,
        mut results: test_more_stuff::GetHeldResults,
    ) -> Result<(), Error> {
        if let Some(cap) = self.held() {
            results.get().set_cap(cap);
        }
        Ok(())
    }

    async fn echo(
        self: Rc<Self>,
        params: test_more_stuff::EchoParams,
        mut results: test_more_stuff::EchoResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        if p.has_cap() {
            results.get().set_cap(p.get_cap()?);
        }
        Ok(())
    }

    /// Like `neverReturn`.
    async fn expect_cancel(
        self: Rc<Self>,
        params: test_more_stuff::ExpectCancelParams,
        _: test_more_stuff::ExpectCancelResults,
    ) -> Result<(), Error> {
        let _cap = params.get()?.get_cap()?;
        futures::future::pending::<()>().await;
        Ok(())
    }

    async fn method_with_defaults(
        self: Rc<Self>,
        params: test_more_stuff::MethodWithDefaultsParams,
        mut results: test_more_stuff::MethodWithDefaultsResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        let d = format!("{}{}{}", text(p.get_a())?, p.get_b(), text(p.get_c())?);
        results.get().set_d(&d[..]);
        Ok(())
    }

    async fn get_handle(
        self: Rc<Self>,
        _: test_more_stuff::GetHandleParams,
        mut results: test_more_stuff::GetHandleResults,
    ) -> Result<(), Error> {
        results.get().set_handle(capnp_rpc::new_client(Handle {
            _live: Live::new(&self.count),
        }));
        Ok(())
    }

    async fn get_null(
        self: Rc<Self>,
        _: test_more_stuff::GetNullParams,
        _: test_more_stuff::GetNullResults,
    ) -> Result<(), Error> {
        Ok(())
    }

    async fn throw_exception(
        self: Rc<Self>,
        _: test_more_stuff::ThrowExceptionParams,
        _: test_more_stuff::ThrowExceptionResults,
    ) -> Result<(), Error> {
        Err(Error::failed("test exception".into()))
    }
}

// ---------------------------------------------------------------------------------------------

pub async fn serve(addr: SocketAddr) -> Result<(), Box<dyn std::error::Error>> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening {}:{}", bound.ip(), bound.port())?;
        out.flush()?;
    }
    let count: Count = Rc::new(Cell::new(0));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                eprintln!("accept: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (reader, writer) =
            tokio_util::compat::TokioAsyncReadCompatExt::compat(stream).split();
        let network = twoparty::VatNetwork::new(
            futures::io::BufReader::new(reader),
            futures::io::BufWriter::new(writer),
            rpc_twoparty_capnp::Side::Server,
            Default::default(),
        );
        let bootstrap: interop::Client = capnp_rpc::new_client(InteropImpl {
            count: count.clone(),
        });
        let rpc_system = RpcSystem::new(Box::new(network), Some(bootstrap.client));
        tokio::task::spawn_local(async move {
            if let Err(e) = rpc_system.await {
                if e.kind != capnp::ErrorKind::Disconnected {
                    eprintln!("connection: {e}");
                }
            }
        });
    }
}
